package dev.tidemark.runtime.state;

import java.util.function.BiConsumer;

/**
 * A hash table keyed by (key, namespace) pairs without allocating a pair per access: parallel
 * arrays with open addressing and linear probing, one lookup per access (a nested map needs two).
 *
 * <p>Threading: the owning task's thread only.
 *
 * @param <K> key type
 * @param <N> namespace type
 * @param <V> value type
 */
public final class KeyNamespaceMap<K, N, V> {

    private Object[] keys = new Object[16];
    private Object[] namespaces = new Object[16];
    private Object[] values = new Object[16];
    private int[] hashes = new int[16];
    private int size;

    private static int hash(Object key, Object namespace) {
        int h = key.hashCode() * 0x9E3779B9 + namespace.hashCode();
        return h ^ (h >>> 15);
    }

    @SuppressWarnings("unchecked")
    V get(K key, N namespace) {
        int h = hash(key, namespace);
        int mask = keys.length - 1;
        for (int i = h & mask; keys[i] != null; i = (i + 1) & mask) {
            if (hashes[i] == h && keys[i].equals(key) && namespaces[i].equals(namespace)) {
                return (V) values[i];
            }
        }
        return null;
    }

    void put(K key, N namespace, V value) {
        int h = hash(key, namespace);
        int mask = keys.length - 1;
        int i = h & mask;
        for (; keys[i] != null; i = (i + 1) & mask) {
            if (hashes[i] == h && keys[i].equals(key) && namespaces[i].equals(namespace)) {
                values[i] = value;
                return;
            }
        }
        keys[i] = key;
        namespaces[i] = namespace;
        values[i] = value;
        hashes[i] = h;
        if (++size * 2 > keys.length) {
            resize();
        }
    }

    @SuppressWarnings("unchecked")
    V remove(K key, N namespace) {
        int h = hash(key, namespace);
        int mask = keys.length - 1;
        for (int i = h & mask; keys[i] != null; i = (i + 1) & mask) {
            if (hashes[i] == h && keys[i].equals(key) && namespaces[i].equals(namespace)) {
                V removed = (V) values[i];
                deleteAt(i);
                return removed;
            }
        }
        return null;
    }

    /** Removes slot {@code hole} and shifts later entries of its probe run back, so lookups never stop early. */
    private void deleteAt(int hole) {
        int mask = keys.length - 1;
        size--;
        int i = hole;
        while (true) {
            i = (i + 1) & mask;
            if (keys[i] == null) {
                break;
            }
            int home = hashes[i] & mask;
            boolean movable = hole <= i ? (home <= hole || home > i) : (home <= hole && home > i);
            if (movable) {
                keys[hole] = keys[i];
                namespaces[hole] = namespaces[i];
                values[hole] = values[i];
                hashes[hole] = hashes[i];
                hole = i;
            }
        }
        keys[hole] = null;
        namespaces[hole] = null;
        values[hole] = null;
    }

    private void resize() {
        Object[] oldKeys = keys;
        Object[] oldNamespaces = namespaces;
        Object[] oldValues = values;
        int[] oldHashes = hashes;
        int capacity = oldKeys.length * 2;
        keys = new Object[capacity];
        namespaces = new Object[capacity];
        values = new Object[capacity];
        hashes = new int[capacity];
        int mask = capacity - 1;
        for (int j = 0; j < oldKeys.length; j++) {
            if (oldKeys[j] != null) {
                int i = oldHashes[j] & mask;
                while (keys[i] != null) {
                    i = (i + 1) & mask;
                }
                keys[i] = oldKeys[j];
                namespaces[i] = oldNamespaces[j];
                values[i] = oldValues[j];
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
        for (int i = 0; i < keys.length; i++) {
            if (keys[i] != null) {
                action.accept((K) keys[i], (N) namespaces[i], (V) values[i]);
            }
        }
    }

    /** Receives one entry. */
    @FunctionalInterface
    public interface TriConsumer<K, N, V> {
        void accept(K key, N namespace, V value);
    }
}
