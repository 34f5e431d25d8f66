package dev.tidemark.runtime.checkpoint;

import dev.tidemark.runtime.state.KeyGroups;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The restored state of one operator instance: its share of what every instance of the operator
 * wrote, redistributed for the new parallelism (key groups by owner, split lists in even slices,
 * union lists whole). An operator with no restored state reads empty collections.
 *
 * <p>Threading: the thread that restores the operator.
 */
public final class SnapshotReader {

    private static final SnapshotReader FRESH = new SnapshotReader(false, "", List.of(), 0, 1, 1);

    private final boolean restored;
    private final String operatorName;
    private final List<OperatorSnapshot> old;
    private final int subtask;
    private final int parallelism;
    private final int maxParallelism;

    /**
     * @param restored whether the job was restored (even if this operator had no state)
     * @param old every old instance's snapshot of the operator
     */
    SnapshotReader(boolean restored, String operatorName, List<OperatorSnapshot> old, int subtask, int parallelism,
            int maxParallelism) {
        this.restored = restored;
        this.operatorName = operatorName;
        this.old = old.stream().sorted(Comparator.comparingInt(OperatorSnapshot::subtask)).toList();
        this.subtask = subtask;
        this.parallelism = parallelism;
        this.maxParallelism = maxParallelism;
    }

    /** The reader of an operator in a job that was not restored. */
    public static SnapshotReader fresh() {
        return FRESH;
    }

    /**
     * A reader of {@code snapshot}, taken by an operator instance of this job and read back at once
     * by another in its place (same instance, same parallelism); a fresh reader if it is {@code null}.
     */
    public static SnapshotReader handOver(OperatorSnapshot snapshot, String operatorName, int maxParallelism) {
        if (snapshot == null) {
            return FRESH;
        }
        return new SnapshotReader(true, operatorName, List.of(snapshot), snapshot.subtask(), snapshot.parallelism(),
                maxParallelism);
    }

    public boolean isRestored() {
        return restored;
    }

    /** The key groups this instance owns that have state, with their bytes. */
    public SortedMap<Integer, byte[]> keyGroups() {
        SortedMap<Integer, byte[]> mine = new TreeMap<>();
        for (OperatorSnapshot s : old) {
            s.keyGroups().forEach((group, bytes) -> {
                if (KeyGroups.operatorIndexForKeyGroup(maxParallelism, parallelism, group) == subtask) {
                    mine.put(group, bytes);
                }
            });
        }
        return mine;
    }

    /**
     * This instance's share of split list {@code name}: its own list if the parallelism is unchanged,
     * else an even, contiguous slice of all old lists joined in instance order.
     */
    public <T> List<T> list(String name) {
        if (!old.isEmpty() && old.get(0).parallelism() == parallelism) {
            List<byte[]> own = old.stream().filter(s -> s.subtask() == subtask).findFirst()
                    .map(s -> s.lists().getOrDefault(name, List.<byte[]>of())).orElse(List.of());
            return deserialize(name, own);
        }
        List<byte[]> all = joined(name, false);
        int from = (int) ((long) subtask * all.size() / parallelism);
        int to = (int) ((long) (subtask + 1) * all.size() / parallelism);
        return deserialize(name, all.subList(from, to));
    }

    /** Every old instance's union list {@code name}, joined in instance order. */
    public <T> List<T> union(String name) {
        return deserialize(name, joined(name, true));
    }

    private List<byte[]> joined(String name, boolean union) {
        List<byte[]> all = new ArrayList<>();
        for (OperatorSnapshot s : old) {
            all.addAll((union ? s.unions() : s.lists()).getOrDefault(name, List.of()));
        }
        return all;
    }

    private <T> List<T> deserialize(String name, List<byte[]> bytes) {
        List<T> values = new ArrayList<>(bytes.size());
        for (byte[] b : bytes) {
            values.add(StateBytes.value(b, "state '" + name + "' of operator '" + operatorName + "'"));
        }
        return values;
    }
}
