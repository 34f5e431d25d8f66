package dev.tidemark.runtime.operators.window;

import dev.tidemark.windowing.windows.TimeWindow;
import java.util.Arrays;

/**
 * One aligned window's accumulators, one per key, in the order the keys first reached the window.
 * That order is the one in which the default operator registers, and so fires, the window's timers;
 * each key's arrival is kept too, to order it against another window's keys (cleanup).
 *
 * <p>Keys and accumulators lie in dense arrays in that order; a hash index of (hash, position)
 * pairs finds them. A stream whose keys recur in a steady order walks the dense arrays, and the
 * objects they point to, front to back, so only the index lookup is a random memory access. Entries
 * are never removed one by one: the whole table is dropped when its window is cleaned up.
 *
 * <p>Threading: the owning task's thread only.
 */
final class WindowTable {

    private final TimeWindow window;
    private boolean fired;
    private long[] index; // (hash << 32) | (position + 1); 0 is a free slot; at most three quarters full
    private Object[] keys;
    private Object[] values;
    private long[] arrivals; // when each key first reached the window, in the operator's count
    private int size;

    /**
     * @param expectedKeys how many keys the window will likely hold (the last window's count): sized
     *     for them, the table never grows while the window fills
     */
    WindowTable(TimeWindow window, int expectedKeys) {
        this.window = window;
        int capacity = Math.max(8, expectedKeys);
        this.keys = new Object[capacity];
        this.values = new Object[capacity];
        this.arrivals = new long[capacity];
        this.index = new long[indexCapacity(capacity)];
    }

    /** The smallest power of two that holds {@code keys} at most three quarters full. */
    private static int indexCapacity(int keys) {
        return Integer.highestOneBit(Math.max(keys + keys / 3, 16) - 1) << 1;
    }

    TimeWindow window() {
        return window;
    }

    /** Whether the watermark has passed the window's end, so that its results were emitted. */
    boolean fired() {
        return fired;
    }

    void markFired() {
        fired = true;
    }

    /** Spreads {@code key.hashCode()}, as the index wants it. */
    static int hash(Object key) {
        int h = key.hashCode() * 0x9E3779B9;
        return h ^ (h >>> 16);
    }

    /** The position of {@code key}, whose {@link #hash} is {@code hash}, or -1. */
    int find(Object key, int hash) {
        int mask = index.length - 1;
        for (int i = hash & mask; ; i = (i + 1) & mask) {
            long slot = index[i];
            if (slot == 0) {
                return -1;
            }
            if ((int) (slot >>> 32) == hash) {
                int position = (int) slot - 1;
                Object k = keys[position];
                if (k == key || k.equals(key)) {
                    return position;
                }
            }
        }
    }

    /**
     * Adds {@code key}, which {@link #find} did not find, with {@code value}; returns its position.
     *
     * @param arrival when the key reached the window (keys added in arrival order fire in position order)
     */
    int add(Object key, int hash, Object value, long arrival) {
        if (size == keys.length) {
            keys = Arrays.copyOf(keys, size * 2);
            values = Arrays.copyOf(values, size * 2);
            arrivals = Arrays.copyOf(arrivals, size * 2);
        }
        int position = size++;
        keys[position] = key;
        values[position] = value;
        arrivals[position] = arrival;
        if (size > index.length - (index.length >>> 2)) {
            rebuildIndex(index.length * 2);
        } else {
            insert(hash, position);
        }
        return position;
    }

    private void insert(int hash, int position) {
        int mask = index.length - 1;
        int i = hash & mask;
        while (index[i] != 0) {
            i = (i + 1) & mask;
        }
        index[i] = ((long) hash << 32) | (position + 1L);
    }

    private void rebuildIndex(int capacity) {
        index = new long[capacity];
        for (int position = 0; position < size; position++) {
            insert(hash(keys[position]), position);
        }
    }

    int size() {
        return size;
    }

    Object keyAt(int position) {
        return keys[position];
    }

    Object valueAt(int position) {
        return values[position];
    }

    long arrivalAt(int position) {
        return arrivals[position];
    }

    void setArrivalAt(int position, long arrival) {
        arrivals[position] = arrival;
    }

    void setValueAt(int position, Object value) {
        values[position] = value;
    }
}
