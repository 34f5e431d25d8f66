package dev.tidemark.runtime.operators.join;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.util.Arrays;

/**
 * One key's buffered elements of one side of an interval join, sorted by timestamp and, within a
 * timestamp, in arrival order: two arrays, no object per element. A range of timestamps is found by
 * binary search; elements leave from the front, the earliest first, as the watermark passes them.
 * Elements mostly arrive in timestamp order, so an insert is usually an append.
 *
 * <p>Threading: the owning task's thread only.
 */
final class TimeSortedBuffer<T> implements Serializable {

    private static final long serialVersionUID = 1L;

    private transient long[] times = new long[2];
    private transient Object[] values = new Object[2];
    private transient int head; // the first live slot
    private transient int tail; // one past the last

    boolean isEmpty() {
        return head == tail;
    }

    int size() {
        return tail - head;
    }

    /** The earliest timestamp; the buffer must not be empty. */
    long firstTimestamp() {
        return times[head];
    }

    /** The latest timestamp; the buffer must not be empty. */
    long lastTimestamp() {
        return times[tail - 1];
    }

    void add(long timestamp, T value) {
        if (tail == times.length) {
            makeRoom();
        }
        if (head == tail || times[tail - 1] <= timestamp) {
            times[tail] = timestamp;
            values[tail++] = value;
            return;
        }
        int at = firstAfter(timestamp);
        System.arraycopy(times, at, times, at + 1, tail - at);
        System.arraycopy(values, at, values, at + 1, tail - at);
        times[at] = timestamp;
        values[at] = value;
        tail++;
    }

    /** Calls {@code action} for every element with a timestamp in {@code [from, to]}, in order. */
    void forEachBetween(long from, long to, Visitor<T> action) throws Exception {
        for (int i = firstAtOrAfter(from); i < tail && times[i] <= to; i++) {
            action.visit(times[i], value(i));
        }
    }

    /** Removes the elements at the front whose {@code endOf(timestamp)} is at most {@code time}. */
    void removeEndedBy(long time, TimeFunction endOf) {
        while (head < tail && endOf.apply(times[head]) <= time) {
            values[head++] = null;
        }
        if (head == tail) {
            head = tail = 0;
        }
    }

    @SuppressWarnings("unchecked")
    private T value(int i) {
        return (T) values[i];
    }

    private void makeRoom() {
        int live = tail - head;
        if (head > 0 && live <= times.length / 2) { // slide down instead of growing
            System.arraycopy(times, head, times, 0, live);
            System.arraycopy(values, head, values, 0, live);
            Arrays.fill(values, live, tail, null);
        } else {
            long[] t = new long[times.length * 2];
            Object[] v = new Object[times.length * 2];
            System.arraycopy(times, head, t, 0, live);
            System.arraycopy(values, head, v, 0, live);
            times = t;
            values = v;
        }
        head = 0;
        tail = live;
    }

    private int firstAtOrAfter(long timestamp) {
        int lo = head;
        int hi = tail;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (times[mid] < timestamp) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    private int firstAfter(long timestamp) {
        return timestamp == Long.MAX_VALUE ? tail : firstAtOrAfter(timestamp + 1);
    }

    private void writeObject(ObjectOutputStream out) throws IOException {
        out.writeInt(size());
        for (int i = head; i < tail; i++) {
            out.writeLong(times[i]);
            out.writeObject(values[i]);
        }
    }

    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        int size = in.readInt();
        times = new long[Math.max(2, size)];
        values = new Object[times.length];
        for (int i = 0; i < size; i++) {
            times[i] = in.readLong();
            values[i] = in.readObject();
        }
        head = 0;
        tail = size;
    }

    /** What {@link #forEachBetween} calls. */
    interface Visitor<T> {
        void visit(long timestamp, T value) throws Exception;
    }

    /** A function of a timestamp, without boxing. */
    interface TimeFunction {
        long apply(long timestamp);
    }
}
