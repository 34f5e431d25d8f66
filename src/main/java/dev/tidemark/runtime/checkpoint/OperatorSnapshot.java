package dev.tidemark.runtime.checkpoint;

import java.util.List;
import java.util.Map;
import java.util.SortedMap;

/**
 * What one parallel instance of one operator contributed to a checkpoint, already serialized:
 * keyed state and timers per key group (so they can move to another instance on rescaling), split
 * lists (dealt out evenly on rescaling) and union lists (every instance gets all of them).
 *
 * @param operatorId the operator's stable id
 * @param subtask the instance's index
 * @param parallelism how many instances the operator had
 */
public record OperatorSnapshot(String operatorId, int subtask, int parallelism, SortedMap<Integer, byte[]> keyGroups,
        Map<String, List<byte[]>> lists, Map<String, List<byte[]>> unions) {

    /** Bytes of state, for metrics and logs. */
    public long stateSize() {
        long size = 0;
        for (byte[] b : keyGroups.values()) {
            size += b.length;
        }
        for (List<byte[]> list : lists.values()) {
            size += list.stream().mapToLong(b -> b.length).sum();
        }
        for (List<byte[]> list : unions.values()) {
            size += list.stream().mapToLong(b -> b.length).sum();
        }
        return size;
    }
}
