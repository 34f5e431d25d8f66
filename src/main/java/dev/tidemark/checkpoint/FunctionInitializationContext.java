package dev.tidemark.checkpoint;

/** What {@link CheckpointedFunction#initializeState} gets: the operator state and whether it was restored. */
public interface FunctionInitializationContext {

    /** Whether the job was restored from a checkpoint or savepoint (even if this function had no state in it). */
    boolean isRestored();

    /** Where the function's lists of operator state live. */
    OperatorStateStore getOperatorStateStore();
}
