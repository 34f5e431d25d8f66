package dev.tidemark.runtime.checkpoint;

import dev.tidemark.checkpoint.FunctionSnapshotContext;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Collects what one operator instance writes for a checkpoint; {@link #build()} freezes it into an
 * {@link OperatorSnapshot}. Values are serialized as they are written, so the snapshot is a copy that
 * the operator may go on changing.
 *
 * <p>Threading: the thread taking the snapshot.
 */
public final class SnapshotWriter implements FunctionSnapshotContext {

    private final String operatorId;
    private final String operatorName;
    private final int subtask;
    private final int parallelism;
    private final long checkpointId;
    private final long timestamp;
    private final TreeMap<Integer, byte[]> keyGroups = new TreeMap<>();
    private final Map<String, List<byte[]>> lists = new LinkedHashMap<>();
    private final Map<String, List<byte[]>> unions = new LinkedHashMap<>();

    public SnapshotWriter(String operatorId, String operatorName, int subtask, int parallelism, long checkpointId,
            long timestamp) {
        this.operatorId = operatorId;
        this.operatorName = operatorName;
        this.subtask = subtask;
        this.parallelism = parallelism;
        this.checkpointId = checkpointId;
        this.timestamp = timestamp;
    }

    @Override
    public long getCheckpointId() {
        return checkpointId;
    }

    @Override
    public long getCheckpointTimestamp() {
        return timestamp;
    }

    /** The operator's name, for errors. */
    public String operatorName() {
        return operatorName;
    }

    /** The keyed state and timers of {@code keyGroup}. */
    public void keyGroup(int keyGroup, byte[] bytes) {
        keyGroups.put(keyGroup, bytes);
    }

    /** A list split evenly over the instances when restored at another parallelism. */
    public void list(String name, List<?> elements) {
        lists.put(name, serialize(name, elements));
    }

    /** A list every instance gets whole (joined with the other instances' lists) on restore. */
    public void union(String name, List<?> elements) {
        unions.put(name, serialize(name, elements));
    }

    private List<byte[]> serialize(String name, List<?> elements) {
        List<byte[]> bytes = new ArrayList<>(elements.size());
        for (Object element : elements) {
            bytes.add(StateBytes.of(element, "state '" + name + "' of operator '" + operatorName + "'"));
        }
        return bytes;
    }

    /** What was written, or {@code null} if nothing was. */
    public OperatorSnapshot build() {
        if (keyGroups.isEmpty() && lists.isEmpty() && unions.isEmpty()) {
            return null;
        }
        return new OperatorSnapshot(operatorId, subtask, parallelism, keyGroups, lists, unions);
    }
}
