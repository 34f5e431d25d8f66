package dev.tidemark.checkpoint;

import java.util.Set;

/**
 * A consistent snapshot of a job's state: a completed checkpoint, a savepoint, or a snapshot taken by
 * the {@link dev.tidemark.testing.TestDriver}. A job built from the same program can start from it,
 * also at another parallelism (keyed state moves with its key groups).
 */
public interface JobSnapshot {

    /** The checkpoint id the snapshot was taken at. */
    long checkpointId();

    /** The ids of the operators with state in the snapshot (their uid, or the id the planner derived). */
    Set<String> operatorIds();

    /** The job's maximum parallelism, the number of key groups; a restored job must use the same. */
    int maxParallelism();
}
