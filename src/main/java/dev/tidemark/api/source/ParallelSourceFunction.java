package dev.tidemark.api.source;

/**
 * A source that can run as several parallel instances. Each instance gets its index and the
 * parallelism through {@link dev.tidemark.api.functions.RichFunction#open} and must emit its own
 * share. A plain {@link SourceFunction} always runs as one instance.
 *
 * @param <T> the element type
 */
public interface ParallelSourceFunction<T> extends SourceFunction<T> {}
