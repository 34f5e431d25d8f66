package dev.tidemark.state;

/**
 * One value per key.
 *
 * @param <T> the value type
 */
public interface ValueState<T> extends State {

    /** The current key's value, or {@code null} if it has none (or it expired). */
    T value();

    /** Sets the current key's value; {@code null} clears it. */
    void update(T value);
}
