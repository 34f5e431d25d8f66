package dev.tidemark.runtime.operators.window;

import dev.tidemark.runtime.state.HeapKeyedStateBackend;
import dev.tidemark.windowing.evictors.Evictor;
import dev.tidemark.windowing.evictors.TimestampedValue;
import dev.tidemark.windowing.windows.Window;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Collection;

/**
 * Every element of a window with its timestamp; when the window fires, the evictor may remove
 * elements before and after the window function sees them.
 */
final class EvictingContents<K, IN, W extends Window> implements WindowContents<IN, W> {

    private final ListContents<K, TimestampedValue<IN>, W> elements;
    private final Evictor<IN, W> evictor;
    private final Evictor.EvictorContext context;

    EvictingContents(HeapKeyedStateBackend<K> backend, Evictor<IN, W> evictor, Evictor.EvictorContext context) {
        this.elements = new ListContents<>(backend, "_window/timestamped-elements");
        this.evictor = evictor;
        this.context = context;
    }

    @Override
    public boolean add(W stateWindow, IN value, long timestamp) {
        return elements.add(stateWindow, new TimestampedValue<>(value, timestamp), timestamp);
    }

    @Override
    public boolean emit(W stateWindow, W window, InputConsumer function) throws Exception {
        ArrayList<TimestampedValue<IN>> list = elements.list(stateWindow);
        if (list == null) {
            return false;
        }
        evictor.evictBefore(list, list.size(), window, context);
        function.accept(new AbstractList<IN>() {
            @Override
            public IN get(int index) {
                return list.get(index).value();
            }

            @Override
            public int size() {
                return list.size();
            }
        });
        evictor.evictAfter(list, list.size(), window, context);
        if (list.isEmpty()) {
            clear(stateWindow);
        }
        return true;
    }

    @Override
    public void clear(W stateWindow) {
        elements.clear(stateWindow);
    }

    @Override
    public void merge(W target, Collection<W> sources) {
        elements.merge(target, sources);
    }
}
