package dev.tidemark.api.functions;

import java.io.Serializable;

/**
 * Makes zero or more results of a pair of elements that a window join matched: the same key, the
 * same window. Copied per parallel instance.
 *
 * @param <IN1> the first input's type
 * @param <IN2> the second input's type
 * @param <OUT> the result type
 */
@FunctionalInterface
public interface FlatJoinFunction<IN1, IN2, OUT> extends Serializable {

    /** Emits the results of {@code first} joined with {@code second} to {@code out}. */
    void join(IN1 first, IN2 second, Collector<OUT> out) throws Exception;
}
