package dev.tidemark.runtime.timers;

import java.util.Arrays;

/**
 * The head of the one chain each pending timestamp of a {@link TimerQueue} has: open addressing
 * with linear probing over parallel arrays (timestamps, and the heads' slots in {@link TimerSlots}),
 * deletion by backward shift, so a lookup allocates nothing and touches no timer.
 *
 * <p>It holds an entry per distinct pending timestamp, which is what the queue's heap holds too:
 * a few thousand for timers set a fixed delay after their elements, however many timers share them.
 *
 * <p>Threading: the owning task's thread only.
 */
final class ChainsByTimestamp {

    private static final int MIN_CAPACITY = 16;
    private static final int NONE = -1;

    private long[] timestamps = new long[MIN_CAPACITY];
    private int[] heads = newTable(MIN_CAPACITY); // slots in TimerSlots
    private int shift = Long.SIZE - Integer.numberOfTrailingZeros(MIN_CAPACITY);
    private int size;

    private static int[] newTable(int length) {
        int[] table = new int[length];
        Arrays.fill(table, NONE);
        return table;
    }

    /** Fibonacci hashing: timestamps a millisecond apart land far apart, not in one probe run. */
    private int home(long timestamp) {
        return (int) ((timestamp * 0x9E3779B97F4A7C15L) >>> shift);
    }

    /** The slot of the head of the chain of {@code timestamp}, or -1 if no timer is pending there. */
    int get(long timestamp) {
        int mask = heads.length - 1;
        for (int i = home(timestamp); heads[i] != NONE; i = (i + 1) & mask) {
            if (timestamps[i] == timestamp) {
                return heads[i];
            }
        }
        return NONE;
    }

    /** Makes slot {@code head} the head of the chain of {@code timestamp}, a new chain or one whose head fired. */
    void put(long timestamp, int head) {
        int mask = heads.length - 1;
        int i = home(timestamp);
        for (; heads[i] != NONE; i = (i + 1) & mask) {
            if (timestamps[i] == timestamp) {
                heads[i] = head;
                return;
            }
        }
        heads[i] = head;
        timestamps[i] = timestamp;
        if (++size * 2 > heads.length) {
            resize(heads.length * 2);
        }
    }

    /** Forgets the chain of {@code timestamp}, whose last timer left. */
    void remove(long timestamp) {
        int mask = heads.length - 1;
        int hole = home(timestamp);
        while (timestamps[hole] != timestamp || heads[hole] == NONE) {
            hole = (hole + 1) & mask; // the chain is there: the queue removes only what it put
        }
        size--;
        for (int i = (hole + 1) & mask; heads[i] != NONE; i = (i + 1) & mask) {
            int home = home(timestamps[i]);
            boolean movable = hole <= i ? (home <= hole || home > i) : (home <= hole && home > i);
            if (movable) {
                heads[hole] = heads[i];
                timestamps[hole] = timestamps[i];
                hole = i;
            }
        }
        heads[hole] = NONE;
        if (heads.length > MIN_CAPACITY && size * 8 < heads.length) {
            resize(heads.length / 2); // a burst of timestamps has fired: give its table back
        }
    }

    int size() {
        return size;
    }

    private void resize(int capacity) {
        long[] oldTimestamps = timestamps;
        int[] oldHeads = heads;
        timestamps = new long[capacity];
        heads = newTable(capacity);
        shift = Long.SIZE - Integer.numberOfTrailingZeros(capacity);
        int mask = capacity - 1;
        for (int j = 0; j < oldHeads.length; j++) {
            if (oldHeads[j] != NONE) {
                int i = home(oldTimestamps[j]);
                while (heads[i] != NONE) {
                    i = (i + 1) & mask;
                }
                heads[i] = oldHeads[j];
                timestamps[i] = oldTimestamps[j];
            }
        }
    }
}
