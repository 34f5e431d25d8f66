package dev.tidemark.api.functions;

/**
 * What {@link AbstractRichFunction#open(OpenContext)} is given: nothing yet beyond the call itself
 * (the runtime context is {@link AbstractRichFunction#getRuntimeContext()}). Flink 1.19 and later
 * pass the same shape; older Flink programs override {@code open(Configuration)} instead.
 */
public interface OpenContext {

    /** The context every function is opened with. */
    OpenContext DEFAULT = new OpenContext() {};
}
