package dev.tidemark.state;

/**
 * Keyed state: a value scoped to the key of the element (or timer) being processed. Every access
 * reads and writes the state of the current key only.
 *
 * <p>Threading: the owning task's thread only, during a call into the function that obtained it.
 */
public interface State {

    /** Removes the value of the current key. */
    void clear();
}
