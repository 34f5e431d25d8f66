package dev.tidemark.runtime.state;

import java.util.HashMap;
import java.util.Map;

/**
 * The values of one piece of keyed state: per key group, per key, per namespace. Kept per key group
 * so a snapshot can be split and restored at another parallelism.
 *
 * <p>Threading: the owning task's thread only.
 *
 * @param <K> key type
 * @param <N> namespace type (a window, or {@link VoidNamespace})
 * @param <V> stored value type
 */
public final class StateTable<K, N, V> {

    private final Map<K, Map<N, V>>[] byKeyGroup;

    @SuppressWarnings({"unchecked", "rawtypes"})
    StateTable(int maxParallelism) {
        this.byKeyGroup = new Map[maxParallelism];
    }

    public V get(K key, int keyGroup, N namespace) {
        Map<K, Map<N, V>> keys = byKeyGroup[keyGroup];
        if (keys == null) {
            return null;
        }
        Map<N, V> namespaces = keys.get(key);
        return namespaces == null ? null : namespaces.get(namespace);
    }

    public void put(K key, int keyGroup, N namespace, V value) {
        Map<K, Map<N, V>> keys = byKeyGroup[keyGroup];
        if (keys == null) {
            keys = byKeyGroup[keyGroup] = new HashMap<>();
        }
        Map<N, V> namespaces = keys.get(key);
        if (namespaces == null) {
            namespaces = new HashMap<>(4);
            keys.put(key, namespaces);
        }
        namespaces.put(namespace, value);
    }

    /** Removes and returns the value, dropping empty maps so a finished key leaves nothing behind. */
    public V remove(K key, int keyGroup, N namespace) {
        Map<K, Map<N, V>> keys = byKeyGroup[keyGroup];
        if (keys == null) {
            return null;
        }
        Map<N, V> namespaces = keys.get(key);
        if (namespaces == null) {
            return null;
        }
        V removed = namespaces.remove(namespace);
        if (namespaces.isEmpty()) {
            keys.remove(key);
        }
        return removed;
    }

    /** How many (key, namespace) entries the table holds. */
    public int size() {
        int size = 0;
        for (Map<K, Map<N, V>> keys : byKeyGroup) {
            if (keys != null) {
                for (Map<N, V> namespaces : keys.values()) {
                    size += namespaces.size();
                }
            }
        }
        return size;
    }
}
