package dev.tidemark.checkpoint;

/** What {@link CheckpointedFunction#snapshotState} gets: which checkpoint is being taken. */
public interface FunctionSnapshotContext {

    /** The checkpoint's id: increasing over the job's life, restarts included. */
    long getCheckpointId();

    /** When the checkpoint was triggered, in epoch milliseconds. */
    long getCheckpointTimestamp();
}
