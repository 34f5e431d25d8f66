package dev.tidemark.api.functions;

import java.io.Serializable;

/**
 * Transforms one element into zero or more elements, all with the input's timestamp. Copied per
 * parallel instance, like every user function (see {@link MapFunction}).
 *
 * @param <T> the input type
 * @param <R> the output type
 */
@FunctionalInterface
public interface FlatMapFunction<T, R> extends Serializable {

    /** Emits the results for {@code value} into {@code out}; an exception fails the job. */
    void flatMap(T value, Collector<R> out) throws Exception;
}
