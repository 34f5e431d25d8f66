package dev.tidemark.api.functions;

import java.io.Serializable;

/**
 * Makes one result of a pair of elements that a window join matched: the same key, the same
 * window. Copied per parallel instance.
 *
 * @param <IN1> the first input's type
 * @param <IN2> the second input's type
 * @param <OUT> the result type
 */
@FunctionalInterface
public interface JoinFunction<IN1, IN2, OUT> extends Serializable {

    /** The result of {@code first} joined with {@code second}; must not be null. */
    OUT join(IN1 first, IN2 second) throws Exception;
}
