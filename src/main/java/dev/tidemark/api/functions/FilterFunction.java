package dev.tidemark.api.functions;

import java.io.Serializable;

/**
 * Keeps the elements for which it returns {@code true}. Copied per parallel instance, like every
 * user function (see {@link MapFunction}).
 *
 * @param <T> the element type
 */
@FunctionalInterface
public interface FilterFunction<T> extends Serializable {

    /** Whether to keep {@code value}; an exception fails the job. */
    boolean filter(T value) throws Exception;
}
