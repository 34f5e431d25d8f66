package dev.tidemark.windowing.evictors;

import dev.tidemark.windowing.windows.Window;
import java.util.Iterator;

/** Keeps at most {@code maxCount} elements: the newest ones. */
public final class CountEvictor<W extends Window> implements Evictor<Object, W> {

    private static final long serialVersionUID = 1L;

    private final long maxCount;
    private final boolean afterFunction;

    private CountEvictor(long maxCount, boolean afterFunction) {
        if (maxCount < 0) {
            throw new IllegalArgumentException("maxCount must not be negative: maxCount=" + maxCount);
        }
        this.maxCount = maxCount;
        this.afterFunction = afterFunction;
    }

    /** Evicts before the window function. */
    public static <W extends Window> CountEvictor<W> of(long maxCount) {
        return new CountEvictor<>(maxCount, false);
    }

    /** Evicts before ({@code false}) or after ({@code true}) the window function. */
    public static <W extends Window> CountEvictor<W> of(long maxCount, boolean afterFunction) {
        return new CountEvictor<>(maxCount, afterFunction);
    }

    @Override
    public void evictBefore(Iterable<TimestampedValue<Object>> elements, int size, W window, EvictorContext ctx) {
        if (!afterFunction) {
            evict(elements, size);
        }
    }

    @Override
    public void evictAfter(Iterable<TimestampedValue<Object>> elements, int size, W window, EvictorContext ctx) {
        if (afterFunction) {
            evict(elements, size);
        }
    }

    private void evict(Iterable<TimestampedValue<Object>> elements, int size) {
        long excess = size - maxCount;
        Iterator<TimestampedValue<Object>> it = elements.iterator();
        for (long i = 0; i < excess && it.hasNext(); i++) {
            it.next();
            it.remove();
        }
    }
}
