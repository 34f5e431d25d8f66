package dev.tidemark.windowing.evictors;

import dev.tidemark.windowing.delta.DeltaFunction;
import dev.tidemark.windowing.windows.Window;
import java.util.Iterator;

/**
 * Removes the elements whose delta to the newest element is at least {@code threshold}.
 *
 * @param <T> element type
 */
public final class DeltaEvictor<T, W extends Window> implements Evictor<T, W> {

    private static final long serialVersionUID = 1L;

    private final double threshold;
    private final DeltaFunction<T> delta;
    private final boolean afterFunction;

    private DeltaEvictor(double threshold, DeltaFunction<T> delta, boolean afterFunction) {
        this.threshold = threshold;
        this.delta = java.util.Objects.requireNonNull(delta, "delta function must not be null");
        this.afterFunction = afterFunction;
    }

    public static <T, W extends Window> DeltaEvictor<T, W> of(double threshold, DeltaFunction<T> delta) {
        return new DeltaEvictor<>(threshold, delta, false);
    }

    public static <T, W extends Window> DeltaEvictor<T, W> of(double threshold, DeltaFunction<T> delta, boolean afterFunction) {
        return new DeltaEvictor<>(threshold, delta, afterFunction);
    }

    @Override
    public void evictBefore(Iterable<TimestampedValue<T>> elements, int size, W window, EvictorContext ctx) {
        if (!afterFunction) {
            evict(elements);
        }
    }

    @Override
    public void evictAfter(Iterable<TimestampedValue<T>> elements, int size, W window, EvictorContext ctx) {
        if (afterFunction) {
            evict(elements);
        }
    }

    private void evict(Iterable<TimestampedValue<T>> elements) {
        TimestampedValue<T> newest = null;
        for (TimestampedValue<T> e : elements) {
            newest = e;
        }
        if (newest == null) {
            return;
        }
        for (Iterator<TimestampedValue<T>> it = elements.iterator(); it.hasNext(); ) {
            if (delta.getDelta(it.next().value(), newest.value()) >= threshold) {
                it.remove();
            }
        }
    }
}
