package dev.tidemark.runtime.timers;

import java.util.Arrays;

/**
 * The timers of a {@link TimerQueue} by (key, namespace, timestamp): open addressing with linear
 * probing over an array of their slots in {@link TimerSlots}, so finding a timer allocates nothing
 * and costs one probe run.
 *
 * <p>Threading: the owning task's thread only.
 */
final class TimerIndex<K, N> {

    private static final int EMPTY = -1;

    private final TimerSlots<K, N> timers;
    private int[] slots = emptyTable(64);
    private int[] hashes = new int[64];
    private int size;

    TimerIndex(TimerSlots<K, N> timers) {
        this.timers = timers;
    }

    private static int[] emptyTable(int length) {
        int[] table = new int[length];
        Arrays.fill(table, EMPTY);
        return table;
    }

    static int hash(Object key, Object namespace, long timestamp) {
        int h = (key.hashCode() * 0x9E3779B9 + namespace.hashCode()) * 31 + Long.hashCode(timestamp);
        return h ^ (h >>> 15);
    }

    private boolean matches(int slot, Object key, Object namespace, long timestamp) {
        Object k = timers.key(slot);
        Object n = timers.namespace(slot);
        return timers.timestamp(slot) == timestamp && (k == key || k.equals(key))
                && (n == namespace || n.equals(namespace));
    }

    /** The slot of the timer equal to (key, namespace, timestamp), or -1. */
    int find(K key, N namespace, long timestamp) {
        int h = hash(key, namespace, timestamp);
        int mask = slots.length - 1;
        for (int i = h & mask; slots[i] != EMPTY; i = (i + 1) & mask) {
            if (hashes[i] == h && matches(slots[i], key, namespace, timestamp)) {
                return slots[i];
            }
        }
        return -1;
    }

    /** Adds the timer in {@code slot}, which is not in the index yet. */
    void add(int slot) {
        int h = timers.hash(slot);
        int mask = slots.length - 1;
        int i = h & mask;
        while (slots[i] != EMPTY) {
            i = (i + 1) & mask;
        }
        slots[i] = slot;
        hashes[i] = h;
        if (++size * 2 > slots.length) {
            resize();
        }
    }

    /** Removes the timer equal to (key, namespace, timestamp) and returns its slot, or -1 if there is none. */
    int remove(K key, N namespace, long timestamp) {
        int h = hash(key, namespace, timestamp);
        int mask = slots.length - 1;
        for (int i = h & mask; slots[i] != EMPTY; i = (i + 1) & mask) {
            if (hashes[i] == h && matches(slots[i], key, namespace, timestamp)) {
                int removed = slots[i];
                deleteAt(i);
                return removed;
            }
        }
        return -1;
    }

    /** Removes the timer in {@code slot} (it is in the index), found by its slot: its key is not touched. */
    void remove(int slot) {
        int mask = slots.length - 1;
        int i = timers.hash(slot) & mask;
        while (slots[i] != slot) {
            i = (i + 1) & mask;
        }
        deleteAt(i);
    }

    private void deleteAt(int hole) {
        int mask = slots.length - 1;
        size--;
        int i = hole;
        while (true) {
            i = (i + 1) & mask;
            if (slots[i] == EMPTY) {
                break;
            }
            int home = hashes[i] & mask;
            boolean movable = hole <= i ? (home <= hole || home > i) : (home <= hole && home > i);
            if (movable) {
                slots[hole] = slots[i];
                hashes[hole] = hashes[i];
                hole = i;
            }
        }
        slots[hole] = EMPTY;
        if (size == 0 && slots.length > 1024) {
            slots = emptyTable(64); // a burst of timers has fired: give its table back
            hashes = new int[64];
        }
    }

    private void resize() {
        int[] oldSlots = slots;
        int[] oldHashes = hashes;
        slots = emptyTable(oldSlots.length * 2);
        hashes = new int[oldSlots.length * 2];
        int mask = slots.length - 1;
        for (int j = 0; j < oldSlots.length; j++) {
            if (oldSlots[j] != EMPTY) {
                int i = oldHashes[j] & mask;
                while (slots[i] != EMPTY) {
                    i = (i + 1) & mask;
                }
                slots[i] = oldSlots[j];
                hashes[i] = oldHashes[j];
            }
        }
    }
}
