package dev.tidemark.windowing.evictors;

import dev.tidemark.windowing.windows.Window;
import dev.tidemark.windowing.time.Time;
import java.time.Duration;
import java.util.Iterator;

/**
 * Keeps the elements within {@code windowSize} of the newest element: removes those with
 * {@code timestamp <= maxTimestamp - windowSize}. Elements without timestamps are never evicted.
 */
public final class TimeEvictor<W extends Window> implements Evictor<Object, W> {

    private static final long serialVersionUID = 1L;

    private final long windowSize;
    private final boolean afterFunction;

    private TimeEvictor(long windowSize, boolean afterFunction) {
        this.windowSize = windowSize;
        this.afterFunction = afterFunction;
    }

    public static <W extends Window> TimeEvictor<W> of(Duration windowSize) {
        return of(windowSize, false);
    }

    public static <W extends Window> TimeEvictor<W> of(Duration windowSize, boolean afterFunction) {
        return new TimeEvictor<>(dev.tidemark.eventtime.Durations.nonNegativeMillis(windowSize, "windowSize"), afterFunction);
    }

    @Override
    public void evictBefore(Iterable<TimestampedValue<Object>> elements, int size, W window, EvictorContext ctx) {
        if (!afterFunction) {
            evict(elements);
        }
    }

    @Override
    public void evictAfter(Iterable<TimestampedValue<Object>> elements, int size, W window, EvictorContext ctx) {
        if (afterFunction) {
            evict(elements);
        }
    }

    private void evict(Iterable<TimestampedValue<Object>> elements) {
        long max = Long.MIN_VALUE;
        for (TimestampedValue<Object> e : elements) {
            if (!e.hasTimestamp()) {
                return;
            }
            max = Math.max(max, e.timestamp());
        }
        long cutoff = max - windowSize;
        for (Iterator<TimestampedValue<Object>> it = elements.iterator(); it.hasNext(); ) {
            if (it.next().timestamp() <= cutoff) {
                it.remove();
            }
        }
    }

    /** As {@link #of(Duration)}, with Flink 1.x's {@link Time}. */
    public static <W extends Window> TimeEvictor<W> of(Time windowSize) {
        return of(Time.toDuration(windowSize, "windowSize"));
    }

    /** As {@link #of(Duration, boolean)}, with Flink 1.x's {@link Time}. */
    public static <W extends Window> TimeEvictor<W> of(Time windowSize, boolean afterFunction) {
        return of(Time.toDuration(windowSize, "windowSize"), afterFunction);
    }
}
