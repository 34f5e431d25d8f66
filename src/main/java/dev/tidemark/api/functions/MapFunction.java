package dev.tidemark.api.functions;

import java.io.Serializable;

/**
 * Transforms one element into exactly one element. The result keeps the input's timestamp.
 *
 * <p>Each parallel instance works on its own copy of the function (copied by serialization), so
 * fields are private to an instance and side effects on captured objects are not visible to the
 * caller. Implement {@link RichFunction} as well for {@code open}/{@code close}.
 *
 * @param <T> the input type
 * @param <R> the output type; the function must not return {@code null}
 */
@FunctionalInterface
public interface MapFunction<T, R> extends Serializable {

    /** Maps {@code value}; an exception fails the job. */
    R map(T value) throws Exception;
}
