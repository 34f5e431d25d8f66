package dev.tidemark.windowing.evictors;

import dev.tidemark.windowing.windows.Window;
import java.io.Serializable;

/**
 * Removes elements from a window before and/or after the window function runs, by calling
 * {@code remove()} on the iterator of {@code elements}. A window with an evictor keeps every element
 * (no eager aggregation).
 *
 * @param <T> element type
 * @param <W> window type
 */
public interface Evictor<T, W extends Window> extends Serializable {

    /** Called before the window function, with the elements in arrival order. */
    void evictBefore(Iterable<TimestampedValue<T>> elements, int size, W window, EvictorContext context);

    /** Called after the window function. */
    void evictAfter(Iterable<TimestampedValue<T>> elements, int size, W window, EvictorContext context);

    /** What an evictor can ask the runtime. */
    interface EvictorContext {
        long getCurrentProcessingTime();

        long getCurrentWatermark();
    }
}
