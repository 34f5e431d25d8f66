package dev.tidemark.api.source;

import dev.tidemark.api.functions.AbstractRichFunction;

/**
 * A {@link ParallelSourceFunction} with a lifecycle and a runtime context: each parallel instance
 * learns its index from {@code getRuntimeContext()} and emits its share.
 *
 * @param <T> the element type
 */
public abstract class RichParallelSourceFunction<T> extends AbstractRichFunction
        implements ParallelSourceFunction<T> {

    private static final long serialVersionUID = 1L;
}
