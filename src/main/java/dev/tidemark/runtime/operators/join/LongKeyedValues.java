package dev.tidemark.runtime.operators.join;

/**
 * Values by {@code long} key, found without boxing the key: open addressing with linear probing
 * over a {@code long[]} of keys beside the values, at most three quarters full; a key is present
 * where its value is not null. Removing shifts the entries after it back, so no tombstones pile up
 * as keys come and go, and halves the table when it is under an eighth full, so a burst of keys
 * that have all left holds no memory.
 *
 * <p>Threading: the owning task's thread only.
 */
final class LongKeyedValues<V> {

    private static final int MIN_CAPACITY = 16;

    private long[] keys = new long[MIN_CAPACITY];
    private Object[] values = new Object[MIN_CAPACITY];
    private int size;

    int size() {
        return size;
    }

    @SuppressWarnings("unchecked")
    V get(long key) {
        int mask = keys.length - 1;
        for (int i = slot(key, mask); ; i = (i + 1) & mask) {
            Object value = values[i];
            if (value == null || keys[i] == key) {
                return (V) value;
            }
        }
    }

    /** Puts {@code value}, not null, under {@code key}. */
    void put(long key, V value) {
        int mask = keys.length - 1;
        int i = slot(key, mask);
        while (values[i] != null && keys[i] != key) {
            i = (i + 1) & mask;
        }
        if (values[i] == null) {
            if (size + 1 > keys.length - (keys.length >>> 2)) {
                resize(keys.length * 2);
                put(key, value);
                return;
            }
            size++;
        }
        keys[i] = key;
        values[i] = value;
    }

    void remove(long key) {
        int mask = keys.length - 1;
        int i = slot(key, mask);
        while (values[i] != null && keys[i] != key) {
            i = (i + 1) & mask;
        }
        if (values[i] == null) {
            return;
        }
        size--;
        // shift back the entries after it that probed past it, so that no lookup stops short of them
        for (int gap = i, next = (i + 1) & mask; ; next = (next + 1) & mask) {
            if (values[next] == null) {
                values[gap] = null;
                if (keys.length > MIN_CAPACITY && size < keys.length >>> 3) {
                    resize(keys.length / 2); // most keys left: give their room back
                }
                return;
            }
            int home = slot(keys[next], mask);
            if (((next - home) & mask) >= ((next - gap) & mask)) {
                keys[gap] = keys[next];
                values[gap] = values[next];
                gap = next;
            }
        }
    }

    /** Calls {@code action} for every key and value. */
    @SuppressWarnings("unchecked")
    void forEach(Entry<V> action) throws Exception {
        for (int i = 0; i < keys.length; i++) {
            if (values[i] != null) {
                action.accept(keys[i], (V) values[i]);
            }
        }
    }

    @SuppressWarnings("unchecked")
    private void resize(int capacity) {
        long[] oldKeys = keys;
        Object[] oldValues = values;
        keys = new long[capacity];
        values = new Object[capacity];
        size = 0;
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldValues[i] != null) {
                put(oldKeys[i], (V) oldValues[i]);
            }
        }
    }

    private static int slot(long key, int mask) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32)) & mask;
    }

    /** What {@link #forEach} calls. */
    interface Entry<V> {
        void accept(long key, V value) throws Exception;
    }
}
