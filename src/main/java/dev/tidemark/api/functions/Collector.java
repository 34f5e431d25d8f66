package dev.tidemark.api.functions;

/**
 * Receives the results of a function.
 *
 * <p>Threading: only the thread that called the function may use it, and only during that call.
 * A value must not be changed after it was collected: downstream operators receive it by reference.
 *
 * @param <T> the element type
 */
@FunctionalInterface
public interface Collector<T> {

    /**
     * Emits {@code value} downstream.
     *
     * @throws NullPointerException if {@code value} is null (null elements cannot be carried)
     */
    void collect(T value);
}
