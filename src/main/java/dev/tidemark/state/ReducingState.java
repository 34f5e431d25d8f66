package dev.tidemark.state;

/**
 * A value per key that every {@link #add} combines with a {@code ReduceFunction}.
 *
 * @param <T> the value type
 */
public interface ReducingState<T> extends State {

    /** The reduced value, or {@code null} if nothing was added. */
    T get();

    /** Reduces {@code value} into the state. */
    void add(T value);
}
