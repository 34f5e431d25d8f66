package dev.tidemark.api.functions;

import java.io.Serializable;

/**
 * Combines two values of the same type into one; used by rolling {@code reduce}, window
 * {@code reduce} and {@code ReducingState}. Should be associative; must not return null.
 *
 * @param <T> the value type
 */
@FunctionalInterface
public interface ReduceFunction<T> extends Serializable {

    /** Combines the accumulated {@code value1} with the new {@code value2}. */
    T reduce(T value1, T value2) throws Exception;
}
