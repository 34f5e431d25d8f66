package dev.tidemark.api.functions;

import java.io.Serializable;

/**
 * Aggregates values into an accumulator, eagerly, one element at a time; used by window
 * {@code aggregate} and {@code AggregatingState}.
 *
 * @param <IN> the input type
 * @param <ACC> the accumulator type (may be mutable: the function owns it)
 * @param <OUT> the result type
 */
public interface AggregateFunction<IN, ACC, OUT> extends Serializable {

    /**
     * A new, empty accumulator. It may be called before the key or window it is for has an element:
     * windows make accumulators that {@code add} changes in place ahead, a batch at a time, so that
     * they lie side by side in memory. It should have no side effects.
     */
    ACC createAccumulator();

    /** Adds {@code value} to {@code accumulator} and returns the (possibly same) accumulator. */
    ACC add(IN value, ACC accumulator);

    /**
     * The result for {@code accumulator}, which it must leave as it was: a window that fires more
     * than once reads the same accumulator again, and so do the next windows when windows share
     * panes (a key in one pane of a window gets that pane's accumulator's result).
     */
    OUT getResult(ACC accumulator);

    /** Merges two accumulators (for merging windows such as sessions). */
    ACC merge(ACC a, ACC b);

    /**
     * Whether {@link #merge} is exact: {@code merge(a, b)} returns the accumulator of both inputs'
     * elements, and leaves {@code b} unchanged (it may change and return {@code a}). Sliding windows
     * aggregated by such a function share one accumulator per slide without being asked, as with
     * {@code WindowedStream.sharePanes()}, wherever panes apply.
     *
     * <p>{@code false} unless overridden: Flink never calls {@code merge} for sliding windows, so a
     * function written for Flink may leave it unimplemented.
     */
    default boolean mergesExactly() {
        return false;
    }
}
