package dev.tidemark.api;

import dev.tidemark.api.sink.SinkFunction;
import java.util.ArrayList;
import java.util.List;

/**
 * The sink behind {@code executeAndCollect}: shared by reference with the caller, never copied, so
 * the caller can read what the job collected once it ended.
 */
final class CollectingSink<T> implements SinkFunction<T> {

    private static final long serialVersionUID = 1L;

    private final List<T> elements = new ArrayList<>();

    @Override
    public synchronized void invoke(T value, Context context) {
        elements.add(value);
    }

    /** Adds {@code value} as {@link #invoke} does: for a runner that fetched it from another engine. */
    @SuppressWarnings("unchecked")
    synchronized void add(Object value) {
        elements.add((T) value);
    }

    synchronized List<T> elements() {
        return List.copyOf(elements);
    }
}
