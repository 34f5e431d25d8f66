package dev.tidemark.api.functions;

import java.io.Serializable;

/**
 * Makes the results of one key's window from both inputs' elements at once: called once per key
 * and window firing that holds an element of either input, so one of the two groups may be empty
 * (which makes outer joins possible). Copied per parallel instance.
 *
 * @param <IN1> the first input's type
 * @param <IN2> the second input's type
 * @param <OUT> the result type
 */
@FunctionalInterface
public interface CoGroupFunction<IN1, IN2, OUT> extends Serializable {

    /** Emits the results of the window's elements of the first input and of the second to {@code out}. */
    void coGroup(Iterable<IN1> first, Iterable<IN2> second, Collector<OUT> out) throws Exception;
}
