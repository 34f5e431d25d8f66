package dev.tidemark.runtime.timers;

import java.util.Arrays;

/**
 * The pending timers of a {@link TimerQueue}, each a slot in three arrays rather than an object:
 * registering a timer allocates nothing (once the arrays have grown), a pending timer costs 32 bytes
 * of arrays instead of a 48-byte object the collector must trace and promote, and freed slots are
 * taken again in the order they were freed, so timers registered in time order lie in the order
 * they will fire.
 * A slot's ints (its hash, heap position and chain links) lie side by side, as do its key and
 * namespace, so reading a timer touches three cache lines, not one per field.
 *
 * <p>A slot in use is linked into its timestamp's chain ({@link #prev} and {@link #next}, a ring in
 * registration order); a free slot has {@link #FREE} as its {@code prev} and the next free slot as
 * its {@code next} (-1 for the last).
 *
 * <p>Threading: the owning task's thread only.
 *
 * @param <K> key type
 * @param <N> namespace type
 */
final class TimerSlots<K, N> {

    static final int FREE = -2;
    private static final int MIN_CAPACITY = 16;
    private static final int HASH = 0; // where the TimerIndex put it, so removing it there never rehashes the key
    private static final int HEAP_INDEX = 1; // its place in the heap while it heads its chain, else -1
    private static final int PREV = 2;
    private static final int NEXT = 3;
    private static final int INTS = 4;

    private Object[] keysAndNamespaces = new Object[2 * MIN_CAPACITY];
    private long[] timestamps = new long[MIN_CAPACITY];
    private int[] ints = new int[INTS * MIN_CAPACITY];
    private int firstFree = -1; // free slots are taken in the order they were freed: see free
    private int lastFree = -1;
    private int highWater; // slots at and above it were never used
    private int used;

    /** A slot holding the timer (key, namespace, timestamp), not yet linked into a chain. */
    int allocate(K key, N namespace, long timestamp, int hash) {
        int slot = firstFree;
        if (slot >= 0) {
            firstFree = next(slot);
            if (firstFree < 0) {
                lastFree = -1;
            }
        } else {
            if (highWater == timestamps.length) {
                grow();
            }
            slot = highWater++;
        }
        keysAndNamespaces[2 * slot] = key;
        keysAndNamespaces[2 * slot + 1] = namespace;
        timestamps[slot] = timestamp;
        ints[INTS * slot + HASH] = hash;
        ints[INTS * slot + HEAP_INDEX] = -1;
        used++;
        return slot;
    }

    /** Frees {@code slot}, unlinked from its chain; the arrays shrink back once no timer is left. */
    void free(int slot) {
        keysAndNamespaces[2 * slot] = null; // the key and window are the user's: let them go
        keysAndNamespaces[2 * slot + 1] = null;
        setPrev(slot, FREE);
        setNext(slot, -1);
        if (lastFree >= 0) {
            setNext(lastFree, slot); // timers fire in time order and are mostly registered in it: taking
        } else {                     // their slots in that order lays the next ones out as they will fire
            firstFree = slot;
        }
        lastFree = slot;
        if (--used == 0 && timestamps.length > 1024) {
            reset(); // a burst of timers has fired: give its arrays back
        }
    }

    /** Whether {@code slot} is a slot of these arrays and holds a pending timer. */
    boolean isPending(int slot) {
        return slot < timestamps.length && prev(slot) != FREE;
    }

    @SuppressWarnings("unchecked")
    K key(int slot) {
        return (K) keysAndNamespaces[2 * slot];
    }

    @SuppressWarnings("unchecked")
    N namespace(int slot) {
        return (N) keysAndNamespaces[2 * slot + 1];
    }

    long timestamp(int slot) {
        return timestamps[slot];
    }

    int hash(int slot) {
        return ints[INTS * slot + HASH];
    }

    int heapIndex(int slot) {
        return ints[INTS * slot + HEAP_INDEX];
    }

    void setHeapIndex(int slot, int index) {
        ints[INTS * slot + HEAP_INDEX] = index;
    }

    int prev(int slot) {
        return ints[INTS * slot + PREV];
    }

    void setPrev(int slot, int prev) {
        ints[INTS * slot + PREV] = prev;
    }

    int next(int slot) {
        return ints[INTS * slot + NEXT];
    }

    void setNext(int slot, int next) {
        ints[INTS * slot + NEXT] = next;
    }

    private void grow() {
        int capacity = timestamps.length * 2;
        keysAndNamespaces = Arrays.copyOf(keysAndNamespaces, 2 * capacity);
        timestamps = Arrays.copyOf(timestamps, capacity);
        ints = Arrays.copyOf(ints, INTS * capacity);
    }

    private void reset() {
        keysAndNamespaces = new Object[2 * MIN_CAPACITY];
        timestamps = new long[MIN_CAPACITY];
        ints = new int[INTS * MIN_CAPACITY];
        firstFree = -1;
        lastFree = -1;
        highWater = 0;
    }
}
