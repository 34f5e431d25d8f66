package dev.tidemark.state;

import java.util.List;

/**
 * A list of values per key.
 *
 * @param <T> the element type
 */
public interface ListState<T> extends State {

    /** The current key's values in insertion order; empty (never null) if none. */
    Iterable<T> get();

    /** Appends a value; must not be null. */
    void add(T value);

    /** Appends every value. */
    void addAll(List<T> values);

    /** Replaces the list. */
    void update(List<T> values);
}
