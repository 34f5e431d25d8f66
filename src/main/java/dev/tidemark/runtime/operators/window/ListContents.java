package dev.tidemark.runtime.operators.window;

import dev.tidemark.runtime.state.HeapKeyedStateBackend;
import dev.tidemark.runtime.state.StateTable;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;

/** Every element of a window, in arrival order, for a window function that sees them all. */
final class ListContents<K, IN, W> implements WindowContents<IN, W> {

    /** The keyed state the lists are in, as {@link AlignedWindowOperator} writes them too. */
    static final String STATE = "_window/elements";

    private final HeapKeyedStateBackend<K> backend;
    private final StateTable<K, W, ArrayList<IN>> table;

    ListContents(HeapKeyedStateBackend<K> backend, String tableName) {
        this.backend = backend;
        this.table = backend.table(tableName, ListContents.class);
    }

    /** The elements of {@code stateWindow} for the current key, or {@code null}. */
    ArrayList<IN> list(W stateWindow) {
        return table.get(backend.getCurrentKey(), backend.getCurrentKeyGroup(), stateWindow);
    }

    @Override
    public boolean add(W stateWindow, IN value, long timestamp) {
        K key = backend.getCurrentKey();
        int keyGroup = backend.getCurrentKeyGroup();
        ArrayList<IN> list = table.get(key, keyGroup, stateWindow);
        boolean existed = list != null;
        if (!existed) {
            list = new ArrayList<>();
            table.put(key, keyGroup, stateWindow, list);
        }
        list.add(value);
        return existed;
    }

    @Override
    public boolean emit(W stateWindow, W window, InputConsumer function) throws Exception {
        ArrayList<IN> list = list(stateWindow);
        if (list == null) {
            return false;
        }
        function.accept(Collections.unmodifiableList(list));
        return true;
    }

    @Override
    public void clear(W stateWindow) {
        table.remove(backend.getCurrentKey(), backend.getCurrentKeyGroup(), stateWindow);
    }

    @Override
    public void merge(W target, Collection<W> sources) {
        K key = backend.getCurrentKey();
        int keyGroup = backend.getCurrentKeyGroup();
        for (W source : sources) {
            ArrayList<IN> list = table.remove(key, keyGroup, source);
            if (list != null) {
                ArrayList<IN> into = table.get(key, keyGroup, target);
                if (into == null) {
                    table.put(key, keyGroup, target, list);
                } else {
                    into.addAll(list);
                }
            }
        }
    }
}
