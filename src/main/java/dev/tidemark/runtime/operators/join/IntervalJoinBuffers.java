package dev.tidemark.runtime.operators.join;

import java.io.Serializable;

/**
 * One key's state of an interval join: both sides' buffered elements, and the time of each side's
 * pending cleanup timer. One keyed value holds both sides, so an element costs one state lookup for
 * probing the other side and buffering into its own.
 */
final class IntervalJoinBuffers<T1, T2> implements Serializable {

    private static final long serialVersionUID = 1L;

    /** No cleanup timer is pending for a side. */
    static final long NO_TIMER = Long.MIN_VALUE;

    final TimeSortedBuffer<T1> left = new TimeSortedBuffer<>();
    final TimeSortedBuffer<T2> right = new TimeSortedBuffer<>();
    long leftTimer = NO_TIMER;
    long rightTimer = NO_TIMER;

    long timer(JoinSide side) {
        return side == JoinSide.LEFT ? leftTimer : rightTimer;
    }

    void setTimer(JoinSide side, long time) {
        if (side == JoinSide.LEFT) {
            leftTimer = time;
        } else {
            rightTimer = time;
        }
    }

    boolean isEmpty() {
        return left.isEmpty() && right.isEmpty();
    }
}
