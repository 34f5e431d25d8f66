package dev.tidemark.runtime.timers;

/**
 * The timers of a {@link TimerQueue} by (key, namespace, timestamp): open addressing with linear probing over an
 * array of the timers themselves, so finding a timer allocates nothing and costs one probe run.
 *
 * <p>Threading: the owning task's thread only.
 */
final class TimerIndex<K, N> {

    private InternalTimer<K, N>[] slots = newArray(64);
    private int[] hashes = new int[64];
    private int size;

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static <K, N> InternalTimer<K, N>[] newArray(int length) {
        return new InternalTimer[length];
    }

    static int hash(Object key, Object namespace, long timestamp) {
        int h = (key.hashCode() * 0x9E3779B9 + namespace.hashCode()) * 31 + Long.hashCode(timestamp);
        return h ^ (h >>> 15);
    }

    private static boolean matches(InternalTimer<?, ?> timer, Object key, Object namespace, long timestamp) {
        return timer.timestamp() == timestamp && (timer.key() == key || timer.key().equals(key))
                && (timer.namespace() == namespace || timer.namespace().equals(namespace));
    }

    InternalTimer<K, N> find(K key, N namespace, long timestamp) {
        int h = hash(key, namespace, timestamp);
        int mask = slots.length - 1;
        for (int i = h & mask; slots[i] != null; i = (i + 1) & mask) {
            if (hashes[i] == h && matches(slots[i], key, namespace, timestamp)) {
                return slots[i];
            }
        }
        return null;
    }

    /** Adds a timer that is not in the index yet. */
    void add(InternalTimer<K, N> timer) {
        int h = timer.hash;
        int mask = slots.length - 1;
        int i = h & mask;
        while (slots[i] != null) {
            i = (i + 1) & mask;
        }
        slots[i] = timer;
        hashes[i] = h;
        if (++size * 2 > slots.length) {
            resize();
        }
    }

    /** Removes and returns the timer equal to (key, namespace, timestamp), or {@code null}. */
    InternalTimer<K, N> remove(K key, N namespace, long timestamp) {
        int h = hash(key, namespace, timestamp);
        int mask = slots.length - 1;
        for (int i = h & mask; slots[i] != null; i = (i + 1) & mask) {
            if (hashes[i] == h && matches(slots[i], key, namespace, timestamp)) {
                InternalTimer<K, N> removed = slots[i];
                deleteAt(i);
                return removed;
            }
        }
        return null;
    }

    /** Removes {@code timer} itself (it is in the index), found by identity: its key is not touched. */
    void remove(InternalTimer<K, N> timer) {
        int mask = slots.length - 1;
        int i = timer.hash & mask;
        while (slots[i] != timer) {
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
            if (slots[i] == null) {
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
        slots[hole] = null;
    }

    private void resize() {
        InternalTimer<K, N>[] oldSlots = slots;
        int[] oldHashes = hashes;
        slots = newArray(oldSlots.length * 2);
        hashes = new int[oldSlots.length * 2];
        int mask = slots.length - 1;
        for (int j = 0; j < oldSlots.length; j++) {
            if (oldSlots[j] != null) {
                int i = oldHashes[j] & mask;
                while (slots[i] != null) {
                    i = (i + 1) & mask;
                }
                slots[i] = oldSlots[j];
                hashes[i] = oldHashes[j];
            }
        }
    }
}
