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

    /**
     * Refuses to restore into a job that leaves state of this checkpoint unclaimed: an operator whose
     * uid changed, one that moved (its automatic id is its position), or one that was removed.
     *
     * @param claimed the state ids of every operator of the job that restores, each with whether it
     *     keeps keyed state: keyed state given to an operator without any (one that took over a moved
     *     operator's automatic id) is unclaimed too
     * @param allowNonRestoredState drop the unclaimed state instead (Flink's
     *     {@code allowNonRestoredState})
     * @return the operator ids whose state is dropped (empty unless allowed)
     * @throws IllegalStateException naming the unclaimed operators and their state, unless allowed
     */
    public Set<String> checkClaimed(Map<String, Boolean> claimed, boolean allowNonRestoredState) {
        Set<String> unclaimed = new java.util.TreeSet<>();
        byOperator.forEach((id, snapshots) -> {
            boolean keyed = snapshots.stream().anyMatch(s -> !s.keyGroups().isEmpty());
            if (!claimed.containsKey(id) || keyed && !claimed.get(id)) {
                unclaimed.add(id);
            }
        });
        if (!unclaimed.isEmpty() && !allowNonRestoredState) {
            StringBuilder described = new StringBuilder();
            for (String id : unclaimed) {
                Set<String> names = new java.util.TreeSet<>();
                boolean keyed = false;
                for (OperatorSnapshot s : byOperator.get(id)) {
                    names.addAll(s.lists().keySet());
                    names.addAll(s.unions().keySet());
                    keyed |= !s.keyGroups().isEmpty();
                }
                if (keyed) {
                    names.add("keyed state");
                }
                described.append(described.length() == 0 ? "" : ", ").append(id).append(" ").append(names);
            }
            throw new IllegalStateException("restored checkpoint's state must all be claimed by the job's operators:"
                    + " unclaimed=" + described + ", checkpoint=" + checkpointId + "; give stateful operators the"
                    + " uid they had (automatic ids are positions, which an added or removed operator shifts), or"
                    + " setAllowNonRestoredState(true) to drop that state");
        }
        return unclaimed;
    }

    @Override
    public String toString() {
        return "checkpoint " + checkpointId + " (" + byOperator.size() + " operators with state)";
    }
}
