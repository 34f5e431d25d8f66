package dev.tidemark.runtime.checkpoint;

import dev.tidemark.checkpoint.JobSnapshot;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * A completed checkpoint (or savepoint): every operator instance's snapshot, by operator id.
 *
 * <p>Immutable; safe to share between threads.
 */
public final class CompletedCheckpoint implements JobSnapshot {

    private final long checkpointId;
    private final long timestamp;
    private final int maxParallelism;
    private final Map<String, List<OperatorSnapshot>> byOperator = new TreeMap<>();

    public CompletedCheckpoint(long checkpointId, long timestamp, int maxParallelism,
            Collection<OperatorSnapshot> snapshots) {
        this.checkpointId = checkpointId;
        this.timestamp = timestamp;
        this.maxParallelism = maxParallelism;
        for (OperatorSnapshot s : snapshots) {
            byOperator.computeIfAbsent(s.operatorId(), k -> new ArrayList<>()).add(s);
        }
    }

    @Override
    public long checkpointId() {
        return checkpointId;
    }

    public long timestamp() {
        return timestamp;
    }

    @Override
    public int maxParallelism() {
        return maxParallelism;
    }

    @Override
    public Set<String> operatorIds() {
        return byOperator.keySet();
    }

    /** Every snapshot, operator by operator. */
    public List<OperatorSnapshot> snapshots() {
        return byOperator.values().stream().flatMap(List::stream).toList();
    }

    /** Bytes of state over all operators. */
    public long stateSize() {
        return snapshots().stream().mapToLong(OperatorSnapshot::stateSize).sum();
    }

    /** The restored state of instance {@code subtask} of {@code parallelism} of operator {@code operatorId}. */
    public SnapshotReader reader(String operatorId, String operatorName, int subtask, int parallelism) {
        return new SnapshotReader(true, operatorName, byOperator.getOrDefault(operatorId, List.of()), subtask,
                parallelism, maxParallelism);
    }

    @Override
    public String toString() {
        return "checkpoint " + checkpointId + " (" + byOperator.size() + " operators with state)";
    }
}
