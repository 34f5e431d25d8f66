package dev.tidemark.runtime.operators.window;

import java.io.Serializable;
import java.util.Arrays;

/**
 * One key's panes of a sliding window: the accumulators of the slide-long intervals that windows
 * not yet fired cover, sorted by start. A key has at most {@code size / slide} of them (more only
 * while the watermark lags), so a sorted array beats any map.
 *
 * <p>Threading: the owning task's thread only.
 */
final class Panes implements Serializable {

    private static final long serialVersionUID = 1L;

    private long[] starts = new long[4];
    private Object[] accumulators = new Object[4];
    private int count;

    /** The index of the pane starting at {@code start}, or {@code -(insertion point) - 1}. */
    int indexOf(long start) {
        return Arrays.binarySearch(starts, 0, count, start);
    }

    Object accumulator(int index) {
        return accumulators[index];
    }

    void setAccumulator(int index, Object accumulator) {
        accumulators[index] = accumulator;
    }

    long start(int index) {
        return starts[index];
    }

    int count() {
        return count;
    }

    boolean isEmpty() {
        return count == 0;
    }

    /** Whether a pane starts in {@code [from, to)}. */
    boolean anyIn(long from, long to) {
        int i = indexOf(from);
        int first = i >= 0 ? i : -i - 1;
        return first < count && starts[first] < to;
    }

    /** Inserts a pane at {@code -(indexOf(start)) - 1}, the insertion point {@link #indexOf} gave. */
    void insert(int insertionPoint, long start, Object accumulator) {
        if (count == starts.length) {
            starts = Arrays.copyOf(starts, count * 2);
            accumulators = Arrays.copyOf(accumulators, count * 2);
        }
        System.arraycopy(starts, insertionPoint, starts, insertionPoint + 1, count - insertionPoint);
        System.arraycopy(accumulators, insertionPoint, accumulators, insertionPoint + 1, count - insertionPoint);
        starts[insertionPoint] = start;
        accumulators[insertionPoint] = accumulator;
        count++;
    }

    /** Drops every pane that starts before {@code start}. */
    void dropBefore(long start) {
        int i = indexOf(start);
        int keep = i >= 0 ? i : -i - 1;
        if (keep == 0) {
            return;
        }
        System.arraycopy(starts, keep, starts, 0, count - keep);
        System.arraycopy(accumulators, keep, accumulators, 0, count - keep);
        Arrays.fill(accumulators, count - keep, count, null);
        count -= keep;
    }
}
