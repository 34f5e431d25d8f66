package dev.tidemark.runtime.operators.window;

import dev.tidemark.runtime.operators.SnapshotAction;
import dev.tidemark.runtime.state.HeapKeyedStateBackend;
import dev.tidemark.runtime.state.KeyGroups;
import dev.tidemark.runtime.state.StateTable;
import dev.tidemark.windowing.windows.TimeWindow;

/**
 * An operator's {@link WindowTables} as keyed state, under (key, window), for a snapshot and back from
 * a restore: the layout the general operator keeps its accumulators in, so that a snapshot splits
 * by key group and either operator restores the other's.
 *
 * <p>Threading: the owning task's thread only.
 */
final class TablesInKeyedState<K> {

    private final HeapKeyedStateBackend<K> backend;
    private final long length;
    private final StateTable<K, TimeWindow, Object> state; // filled only while a snapshot is taken or restored
    private final int maxParallelism;

    /** @param length the length of each table's window, which a restored window must have */
    TablesInKeyedState(HeapKeyedStateBackend<K> backend, long length, ContentsState state, int maxParallelism) {
        this.backend = backend;
        this.length = length;
        this.state = backend.table(state.name(), state.kind());
        this.maxParallelism = maxParallelism;
    }

    /** Runs {@code snapshot} while every table of {@code tables} is also in keyed state; empties it again after. */
    @SuppressWarnings("unchecked")
    void whileHolding(WindowTables<K> tables, SnapshotAction snapshot) throws Exception {
        for (int t = 0; t < tables.count(); t++) {
            WindowTable table = tables.get(t);
            for (int position = 0; position < table.size(); position++) {
                K key = (K) table.keyAt(position);
                state.put(key, KeyGroups.assignToKeyGroup(key, maxParallelism), table.window(),
                        tables.valueAt(table, position, false));
            }
        }
        try {
            snapshot.take();
        } finally {
            state.clear();
        }
    }

    /**
     * Adds what a restore put in keyed state to {@code tables}, then empties it.
     *
     * @throws IllegalStateException if a restored window is not of the tables' length
     */
    void readInto(WindowTables<K> tables, long firedUpTo) {
        for (int group = 0; group < maxParallelism; group++) {
            state.forEach(group, (key, window, value) -> {
                boolean clipped = window.start() == Long.MIN_VALUE || window.end() == Long.MAX_VALUE;
                if (!clipped && window.end() - window.start() != length) {
                    throw new IllegalStateException("cannot restore operator '" + backend.operatorName()
                            + "': the snapshot holds window " + window + ", which is not " + length
                            + " ms long; restore a program with the same window size");
                }
                tables.add(tables.table(window.start(), window.end(), firedUpTo), key, WindowTable.hash(key), value);
            });
        }
        state.clear();
    }

    /**
     * Fails a restore that brought entries of the state named {@code name}, which this operator
     * cannot read, rather than drop them.
     *
     * @param what what that state is, and what to do instead
     */
    static void refuseRestored(HeapKeyedStateBackend<?> backend, String name, String what) {
        if (backend.entriesOf(name) > 0) {
            throw new IllegalStateException("cannot restore operator '" + backend.operatorName()
                    + "': the snapshot holds " + what);
        }
    }
}
