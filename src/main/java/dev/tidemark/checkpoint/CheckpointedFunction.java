package dev.tidemark.checkpoint;

/**
 * A user function with state of its own that is not keyed: offsets of a source, buffered elements of
 * a sink. Implement it on the function passed to a non-keyed or keyed operator, or a source; the
 * runtime calls {@link #initializeState} once before {@code open}, and {@link #snapshotState} at every
 * checkpoint, on the thread that calls the function's other methods (for a source: under the
 * {@linkplain dev.tidemark.api.source.SourceFunction.SourceContext#getCheckpointLock() checkpoint lock}).
 *
 * <p>State lives in the lists of {@link FunctionInitializationContext#getOperatorStateStore()}: get
 * them in {@code initializeState}, keep them in fields, and bring them up to date in
 * {@code snapshotState}. Their elements must be {@link java.io.Serializable}.
 */
public interface CheckpointedFunction {

    /** Brings the function's operator state up to date for checkpoint {@code context.getCheckpointId()}. */
    void snapshotState(FunctionSnapshotContext context) throws Exception;

    /** Creates or restores the function's operator state; {@code context.isRestored()} says which. */
    void initializeState(FunctionInitializationContext context) throws Exception;
}
