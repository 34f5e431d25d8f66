package dev.tidemark.runtime.checkpoint;

/**
 * The marker a checkpoint sends down every channel: everything before it on a channel belongs to the
 * checkpoint, everything after it does not.
 *
 * @param checkpointId the checkpoint's id
 * @param timestamp when it was triggered, in epoch milliseconds
 */
public record CheckpointBarrier(long checkpointId, long timestamp) {

    /**
     * The id of the snapshot an operator takes when its input has ended, and of the notification that
     * the job's last checkpoint (holding those snapshots) completed: it covers every earlier one.
     */
    public static final long FINAL_CHECKPOINT_ID = Long.MAX_VALUE;
}
