package dev.tidemark.runtime.operators.window;

import dev.tidemark.runtime.state.HeapKeyedStateBackend;
import dev.tidemark.runtime.state.StateTable;
import java.util.Collection;
import java.util.List;

/**
 * One accumulator per (key, window), updated as each element arrives. The table holds a mutable
 * slot per window, so replacing the accumulator (a reduce returns a new value) costs no second
 * lookup.
 */
final class AccumulatingContents<K, IN, ACC, W> implements WindowContents<IN, W> {

    /** The accumulator of one window. */
    private static final class Slot<ACC> implements java.io.Serializable {
        private static final long serialVersionUID = 1L;

        ACC acc;

        Slot(ACC acc) {
            this.acc = acc;
        }
    }

    private final HeapKeyedStateBackend<K> backend;
    private final StateTable<K, W, Slot<ACC>> table;
    private final Accumulator<IN, ACC> accumulator;

    AccumulatingContents(HeapKeyedStateBackend<K> backend, Accumulator<IN, ACC> accumulator) {
        this.backend = backend;
        this.table = backend.table("_window/accumulator", AccumulatingContents.class);
        this.accumulator = accumulator;
    }

    @Override
    public void add(W stateWindow, IN value, long timestamp) throws Exception {
        K key = backend.getCurrentKey();
        int keyGroup = backend.getCurrentKeyGroup();
        Slot<ACC> slot = table.get(key, keyGroup, stateWindow);
        if (slot == null) {
            table.put(key, keyGroup, stateWindow, new Slot<>(accumulator.first(value)));
        } else {
            slot.acc = accumulator.add(value, slot.acc);
        }
    }

    @Override
    public boolean emit(W stateWindow, W window, InputConsumer function) throws Exception {
        Slot<ACC> slot = table.get(backend.getCurrentKey(), backend.getCurrentKeyGroup(), stateWindow);
        if (slot == null) {
            return false;
        }
        function.accept(List.of(accumulator.result(slot.acc)));
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
        Slot<ACC> existing = table.get(key, keyGroup, target);
        ACC merged = existing == null ? null : existing.acc;
        for (W source : sources) {
            Slot<ACC> slot = table.remove(key, keyGroup, source);
            if (slot != null) {
                merged = merged == null ? slot.acc : accumulator.merge(merged, slot.acc);
            }
        }
        if (merged != null) {
            table.put(key, keyGroup, target, new Slot<>(merged));
        }
    }
}
