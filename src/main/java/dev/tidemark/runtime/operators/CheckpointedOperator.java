package dev.tidemark.runtime.operators;

import dev.tidemark.runtime.checkpoint.SnapshotReader;
import dev.tidemark.runtime.checkpoint.SnapshotWriter;

/**
 * The checkpoint hooks every operator has: restore before {@code open}, snapshot when a checkpoint's
 * barrier has reached the operator on all its inputs, and hear of completed checkpoints. An operator
 * without state keeps the defaults.
 *
 * <p>Threading: the owning task's thread (the driver's thread under the test driver).
 */
public interface CheckpointedOperator {

    /** Whether the operator keeps keyed state (and so can restore a snapshot's key groups). */
    default boolean hasKeyedState() {
        return false;
    }

    /** The operator's keyed state and timers, counted for tests; {@code null} without keyed state. */
    default KeyedStateCounts keyedStateCounts() {
        return null;
    }

    /** Creates or restores the operator's state; runs once, before {@code open}. */
    default void initializeState(SnapshotReader state) throws Exception {}

    /** Writes the operator's state for the checkpoint {@code state} names. */
    default void snapshotState(SnapshotWriter state) throws Exception {}

    /** Checkpoint {@code checkpointId} completed: commit what was prepared for it and before. */
    default void notifyCheckpointComplete(long checkpointId) throws Exception {}
}
