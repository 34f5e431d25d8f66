package dev.tidemark.runtime.operators.join;

import java.io.Serializable;

/**
 * One key's state of an interval join: both sides' buffered elements. One keyed value holds both,
 * so an element costs one state lookup for probing the other side and buffering into its own.
 */
final class IntervalJoinBuffers<T1, T2> implements Serializable {

    private static final long serialVersionUID = 1L;

    final TimeSortedBuffer<T1> left = new TimeSortedBuffer<>();
    final TimeSortedBuffer<T2> right = new TimeSortedBuffer<>();

    boolean isEmpty() {
        return left.isEmpty() && right.isEmpty();
    }
}
