package dev.tidemark.api.source;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;

/**
 * A bounded source that emits the given elements in order, without timestamps. The elements are
 * copied into the source, so they must be {@link Serializable}.
 *
 * @param <T> the element type
 */
public final class FromElementsSource<T> implements SourceFunction<T> {

    private static final long serialVersionUID = 1L;

    private final ArrayList<T> elements;
    private volatile boolean running = true;

    /**
     * @throws NullPointerException if an element is null, naming its position
     * @throws IllegalArgumentException if an element is not serializable
     */
    public FromElementsSource(Collection<? extends T> elements) {
        Objects.requireNonNull(elements, "elements must not be null");
        this.elements = new ArrayList<>(elements.size());
        int index = 0;
        for (T element : elements) {
            if (element == null) {
                throw new NullPointerException("element must not be null: index=" + index
                        + "; null elements cannot be carried");
            }
            if (!(element instanceof Serializable)) {
                throw new IllegalArgumentException("element must be serializable: index=" + index
                        + ", class=" + element.getClass().getName());
            }
            this.elements.add(element);
            index++;
        }
    }

    /** The elements, in emission order. */
    public List<T> elements() {
        return List.copyOf(elements);
    }

    @Override
    public void run(SourceContext<T> ctx) {
        for (int i = 0; i < elements.size() && running; i++) {
            ctx.collect(elements.get(i));
        }
    }

    @Override
    public void cancel() {
        running = false;
    }
}
