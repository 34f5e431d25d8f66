package dev.tidemark.checkpoint;

/**
 * A function that wants to hear when a checkpoint has completed, for example to commit work that
 * was prepared when the checkpoint was taken. Called on the thread that calls the function's other
 * methods, after every operator of the job acknowledged the checkpoint and its metadata was written.
 *
 * <p>A notification can be lost (the job may fail between completion and delivery), and a later
 * notification implies every earlier one: commit everything prepared up to that id.
 */
public interface CheckpointListener {

    /** Checkpoint {@code checkpointId} has completed. */
    void notifyCheckpointComplete(long checkpointId) throws Exception;
}
