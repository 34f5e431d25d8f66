package dev.tidemark.runtime.state;

/**
 * A hash table keyed by (key, namespace) pairs without allocating a pair per access: open
 * addressing with linear probing, one lookup per access (a nested map needs two). The hashes are
 * probed in an {@code int[]} of their own (sixteen to a cache line); an entry's key, namespace and
 * value lie side by side in one array, so a hit touches one more line, not three.
 *
 * <p>Threading: the owning task's thread only.
 *
 * @param <K> key type
 * @param <N> namespace type
 * @param <V> value type
 */
public final class KeyNamespaceMap<K, N, V> {

    private static final int KEY = 0;
    private static final int NAMESPACE = 1;
    private static final int VALUE = 2;
    private static final int WIDTH = 3;

    private int[] hashes = new int[16];
    private Object[] entries = new Object[16 * WIDTH]; // slot i: key, namespace, value at WIDTH * i
    private int size;
    private int shape; // changes whenever entries move (a removal, a resize): slots found before are stale

    private static int hash(Object key, Object namespace) {
        int h = key.hashCode() * 0x9E3779B9 + namespace.hashCode();
        return h ^ (h >>> 15);
    }

    /**
     * Identity first: state is mostly reached with the very key and window objects it was stored
     * under (a timer carries them), so {@code equals} and the cache misses it costs are rare.
     */
    private boolean matches(int slot, Object key, Object namespace) {
        Object k = entries[slot * WIDTH + KEY];
        Object n = entries[slot * WIDTH + NAMESPACE];
        return (k == key || k.equals(key)) && (n == namespace || n.equals(namespace));
    }

    /** The slot of (key, namespace), or -1; valid until the map next changes {@link #shape}. */
    public int find(K key, N namespace) {
        return find(key, namespace, hash(key, namespace));
    }

    private int find(Object key, Object namespace, int h) {
        int mask = hashes.length - 1;
        for (int i = h & mask; entries[i * WIDTH] != null; i = (i + 1) & mask) {
            if (hashes[i] == h && matches(i, key, namespace)) {
                return i;
            }
        }
        return -1;
    }

    /**
     * A number that changes whenever entries move; while it stays the same, a slot {@link #find}
     * returned still holds its entry (adding an entry moves no other).
     */
    int shape() {
        return shape;
    }

    @SuppressWarnings("unchecked")
    public V valueAt(int slot) {
        return (V) entries[slot * WIDTH + VALUE];
    }

    public void setValueAt(int slot, V value) {
        entries[slot * WIDTH + VALUE] = value;
    }

    V get(K key, N namespace) {
        int slot = find(key, namespace);
        return slot < 0 ? null : valueAt(slot);
    }

    public void put(K key, N namespace, V value) {
        int h = hash(key, namespace);
        int mask = hashes.length - 1;
        int i = h & mask;
        for (; entries[i * WIDTH] != null; i = (i + 1) & mask) {
            if (hashes[i] == h && matches(i, key, namespace)) {
                entries[i * WIDTH + VALUE] = value;
                return;
            }
        }
        set(i, h, key, namespace, value);
        if (++size * 2 > hashes.length) {
            resize();
        }
    }

    @SuppressWarnings("unchecked")
    V remove(K key, N namespace) {
        int slot = find(key, namespace);
        if (slot < 0) {
            return null;
        }
        V removed = (V) entries[slot * WIDTH + VALUE];
        deleteAt(slot);
        return removed;
    }

    private void set(int slot, int h, Object key, Object namespace, Object value) {
        hashes[slot] = h;
        entries[slot * WIDTH + KEY] = key;
        entries[slot * WIDTH + NAMESPACE] = namespace;
        entries[slot * WIDTH + VALUE] = value;
    }

    /** Removes slot {@code hole} and shifts later entries of its probe run back, so lookups never stop early. */
    private void deleteAt(int hole) {
        int mask = hashes.length - 1;
        size--;
        shape++;
        int i = hole;
        while (true) {
            i = (i + 1) & mask;
            if (entries[i * WIDTH] == null) {
                break;
            }
            int home = hashes[i] & mask;
            boolean movable = hole <= i ? (home <= hole || home > i) : (home <= hole && home > i);
            if (movable) {
                System.arraycopy(entries, i * WIDTH, entries, hole * WIDTH, WIDTH);
                hashes[hole] = hashes[i];
                hole = i;
            }
        }
        entries[hole * WIDTH + KEY] = null;
        entries[hole * WIDTH + NAMESPACE] = null;
        entries[hole * WIDTH + VALUE] = null;
    }

    private void resize() {
        shape++;
        int[] oldHashes = hashes;
        Object[] oldEntries = entries;
        int capacity = oldHashes.length * 2;
        hashes = new int[capacity];
        entries = new Object[capacity * WIDTH];
        int mask = capacity - 1;
        for (int j = 0; j < oldHashes.length; j++) {
            if (oldEntries[j * WIDTH] != null) {
                int i = oldHashes[j] & mask;
                while (entries[i * WIDTH] != null) {
                    i = (i + 1) & mask;
                }
                System.arraycopy(oldEntries, j * WIDTH, entries, i * WIDTH, WIDTH);
                hashes[i] = oldHashes[j];
            }
        }
    }

    int size() {
        return size;
    }

    /** Every (key, namespace) and value, for snapshots. */
    @SuppressWarnings("unchecked")
    void forEach(TriConsumer<K, N, V> action) {
        for (int i = 0; i < hashes.length; i++) {
            if (entries[i * WIDTH] != null) {
                action.accept((K) entries[i * WIDTH + KEY], (N) entries[i * WIDTH + NAMESPACE],
                        (V) entries[i * WIDTH + VALUE]);
            }
        }
    }

    /** Receives one entry. */
    @FunctionalInterface
    public interface TriConsumer<K, N, V> {
        void accept(K key, N namespace, V value);
    }
}
