package dev.tidemark.runtime.operators.window;

import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * The one-element {@code Iterable} a window function gets for an eagerly aggregated window: one per
 * operator, refilled at every firing, so a firing allocates no list. Like any input a function gets,
 * it is valid for the call only; a function keeps the value, not the {@code Iterable}.
 *
 * <p>Threading: the owning task's thread only.
 */
final class OneResult<T> implements Iterable<T> {

    private T value;

    /** This, holding {@code value} alone until the next call. */
    Iterable<T> of(T value) {
        this.value = value;
        return this;
    }

    @Override
    public Iterator<T> iterator() {
        T held = value; // an iterator taken during the call keeps its value after it
        return new Iterator<>() {
            private boolean taken;

            @Override
            public boolean hasNext() {
                return !taken;
            }

            @Override
            public T next() {
                if (taken) {
                    throw new NoSuchElementException("a window's aggregate is a single value");
                }
                taken = true;
                return held;
            }
        };
    }

    @Override
    public String toString() {
        return "[" + value + "]";
    }
}
