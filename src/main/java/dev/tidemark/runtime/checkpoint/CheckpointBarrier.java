package dev.tidemark.runtime.checkpoint;

/**
 * The marker a checkpoint sends down every channel: everything before it on a channel belongs to the
 * checkpoint, everything after it does not.
 *
 * @param checkpointId the checkpoint's id
 * @param timestamp when it was triggered, in epoch milliseconds
 */
public record CheckpointBarrier(long checkpointId, long timestamp) {}
