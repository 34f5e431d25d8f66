package dev.tidemark.runtime.operators.window;

import dev.tidemark.api.functions.AggregateFunction;
import dev.tidemark.api.functions.ReduceFunction;

/**
 * A reduce that sliding windows may compute on panes ({@link PanesWhileExactOperator}), through an
 * aggregate whose merge is exact for some elements only. Accumulators per window stay this reduce's
 * own (the reduced element), so that they restore wherever a reduce's would; panes restored into
 * windows are merged with the aggregate and kept as its result ({@link PanesIntoWindows}).
 *
 * @param <T> the element type
 */
public interface ReduceOnPanes<T> extends ReduceFunction<T> {

    /**
     * A new aggregate whose result for any elements is this reduce of them in their order of arrival,
     * or {@code null} if this reduce cannot run on panes.
     */
    Aggregate<T> onPanes();

    /**
     * The reduce as an aggregate. Its merge may depend on which accumulator's elements came first, so
     * it is told each element's arrival number before that element is added. Its result is an
     * element, never its accumulator or part of it, so a pane's accumulator may give a window's
     * result unmerged whatever the element's type.
     *
     * @param <T> the element type
     */
    interface Aggregate<T> extends AggregateFunction<T, Object, T> {

        /**
         * Whether, with {@code element} among the elements, merging accumulators gives the results
         * of adding the elements one by one in their order of arrival.
         */
        boolean mergesExactlyWith(T element);

        /** The arrival number of the element added next: numbers grow with arrival, over restores too. */
        void arrives(long arrival);
    }
}
