package dev.tidemark.runtime.timers;

import java.util.Arrays;

/**
 * The pending timers of a {@link TimerQueue}, each a slot in parallel arrays rather than an object:
 * registering a timer allocates nothing (once the arrays have grown), a pending timer costs 32 bytes
 * of arrays instead of a 48-byte object the collector must trace and promote, and a freed slot is
 * the next one taken, so the timers registered after others fired reuse memory that is in cache.
 *
 * <p>A slot in use is linked into its timestamp's chain ({@link #prev} and {@link #next}, a ring in
 * registration order); a free slot has {@link #FREE} as its {@code prev} and the next free slot as
 * its {@code next}.
 *
 * <p>Threading: the owning task's thread only.
 *
 * @param <K> key type
 * @param <N> namespace type
 */
final class TimerSlots<K, N> {

    static final int FREE = -2;
    private static final int MIN_CAPACITY = 16;

    Object[] keys = new Object[MIN_CAPACITY];
    Object[] namespaces = new Object[MIN_CAPACITY];
    long[] timestamps = new long[MIN_CAPACITY];
    int[] hashes = new int[MIN_CAPACITY]; // where the TimerIndex put it, so removing it there never rehashes the key
    int[] heapIndex = new int[MIN_CAPACITY]; // its place in the heap while it heads its chain, else -1
    int[] prev = new int[MIN_CAPACITY];
    int[] next = new int[MIN_CAPACITY];
    private int firstFree = -1;
    private int highWater; // slots at and above it were never used
    private int used;

    /** A slot holding the timer (key, namespace, timestamp), not yet linked into a chain. */
    int allocate(K key, N namespace, long timestamp, int hash) {
        int slot = firstFree;
        if (slot >= 0) {
            firstFree = next[slot];
        } else {
            if (highWater == keys.length) {
                grow();
            }
            slot = highWater++;
        }
        keys[slot] = key;
        namespaces[slot] = namespace;
        timestamps[slot] = timestamp;
        hashes[slot] = hash;
        heapIndex[slot] = -1;
        used++;
        return slot;
    }

    /** Frees {@code slot}, unlinked from its chain; the arrays shrink back once no timer is left. */
    void free(int slot) {
        keys[slot] = null; // the key and window are the user's: let them go
        namespaces[slot] = null;
        prev[slot] = FREE;
        next[slot] = firstFree;
        firstFree = slot;
        if (--used == 0 && keys.length > 1024) {
            reset(); // a burst of timers has fired: give its arrays back
        }
    }

    boolean isPending(int slot) {
        return prev[slot] != FREE;
    }

    @SuppressWarnings("unchecked")
    K key(int slot) {
        return (K) keys[slot];
    }

    @SuppressWarnings("unchecked")
    N namespace(int slot) {
        return (N) namespaces[slot];
    }

    private void grow() {
        int capacity = keys.length * 2;
        keys = Arrays.copyOf(keys, capacity);
        namespaces = Arrays.copyOf(namespaces, capacity);
        timestamps = Arrays.copyOf(timestamps, capacity);
        hashes = Arrays.copyOf(hashes, capacity);
        heapIndex = Arrays.copyOf(heapIndex, capacity);
        prev = Arrays.copyOf(prev, capacity);
        next = Arrays.copyOf(next, capacity);
    }

    private void reset() {
        keys = new Object[MIN_CAPACITY];
        namespaces = new Object[MIN_CAPACITY];
        timestamps = new long[MIN_CAPACITY];
        hashes = new int[MIN_CAPACITY];
        heapIndex = new int[MIN_CAPACITY];
        prev = new int[MIN_CAPACITY];
        next = new int[MIN_CAPACITY];
        firstFree = -1;
        highWater = 0;
    }
}
