package dev.tidemark.runtime.operators.window;

import dev.tidemark.runtime.state.HeapKeyedStateBackend;
import dev.tidemark.runtime.state.KeyNamespaceMap;
import dev.tidemark.runtime.state.StateTable;
import java.util.Collection;

/**
 * One accumulator per (key, window), updated as each element arrives, with one lookup per element:
 * the slot found is read and written in place (a reduce returns a new value).
 */
final class AccumulatingContents<K, IN, ACC, W> implements WindowContents<IN, W> {

    /** The keyed state of the accumulators, by (key, window): aligned windows snapshot theirs here too. */
    static final String STATE = "_window/accumulator";

    private final HeapKeyedStateBackend<K> backend;
    private final OneResult<Object> result = new OneResult<>();
    private final StateTable<K, W, ACC> table;
    private final Accumulator<IN, ACC> accumulator;

    AccumulatingContents(HeapKeyedStateBackend<K> backend, Accumulator<IN, ACC> accumulator) {
        this.backend = backend;
        this.table = backend.table(STATE, AccumulatingContents.class);
        this.accumulator = accumulator;
    }

    @Override
    public boolean add(W stateWindow, IN value, long timestamp) throws Exception {
        K key = backend.getCurrentKey();
        KeyNamespaceMap<K, W, ACC> windows = table.group(backend.getCurrentKeyGroup());
        int slot = windows.find(key, stateWindow);
        if (slot < 0) {
            windows.put(key, stateWindow, accumulator.first(value));
            return false;
        }
        ACC acc = windows.valueAt(slot);
        ACC updated = accumulator.add(value, acc);
        if (updated != acc) {
            windows.setValueAt(slot, updated); // most aggregates change their accumulator in place: no store, no GC barrier
        }
        return true;
    }

    @Override
    public boolean emit(W stateWindow, W window, InputConsumer function) throws Exception {
        ACC acc = table.get(backend.getCurrentKey(), backend.getCurrentKeyGroup(), stateWindow);
        if (acc == null) {
            return false;
        }
        function.accept(result.of(accumulator.result(acc)));
        return true;
    }

    @Override
    public void clear(W stateWindow) {
        table.remove(backend.getCurrentKey(), backend.getCurrentKeyGroup(), stateWindow);
    }

    @Override
    public void merge(W target, Collection<W> sources) throws Exception {
        K key = backend.getCurrentKey();
        int keyGroup = backend.getCurrentKeyGroup();
        ACC merged = table.get(key, keyGroup, target);
        for (W source : sources) {
            ACC acc = table.remove(key, keyGroup, source);
            if (acc != null) {
                merged = merged == null ? acc : accumulator.merge(merged, acc);
            }
        }
        if (merged != null) {
            table.put(key, keyGroup, target, merged);
        }
    }
}
