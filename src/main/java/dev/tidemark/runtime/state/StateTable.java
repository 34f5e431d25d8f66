package dev.tidemark.runtime.state;

import java.util.Arrays;

/**
 * The values of one piece of keyed state: per key group, per (key, namespace). Kept per key group so
 * a snapshot can be split and restored at another parallelism; each key group is one open-addressing
 * table, so an access costs one hash lookup and no allocation.
 *
 * <p>Threading: the owning task's thread only.
 *
 * @param <K> key type
 * @param <N> namespace type (a window, or {@link VoidNamespace})
 * @param <V> stored value type
 */
public final class StateTable<K, N, V> {

    private final KeyNamespaceMap<K, N, V>[] byKeyGroup;

    @SuppressWarnings({"unchecked", "rawtypes"})
    StateTable(int maxParallelism) {
        this.byKeyGroup = new KeyNamespaceMap[maxParallelism];
    }

    public V get(K key, int keyGroup, N namespace) {
        KeyNamespaceMap<K, N, V> map = byKeyGroup[keyGroup];
        return map == null ? null : map.get(key, namespace);
    }

    public void put(K key, int keyGroup, N namespace, V value) {
        group(keyGroup).put(key, namespace, value);
    }

    /**
     * Key group {@code keyGroup}'s map, for a read-modify-write with one lookup ({@link
     * KeyNamespaceMap#find}, then {@code valueAt} and {@code setValueAt}).
     */
    public KeyNamespaceMap<K, N, V> group(int keyGroup) {
        KeyNamespaceMap<K, N, V> map = byKeyGroup[keyGroup];
        if (map == null) {
            map = byKeyGroup[keyGroup] = new KeyNamespaceMap<>();
        }
        return map;
    }

    /** Key group {@code keyGroup}'s map, or {@code null} if it has never held an entry. */
    KeyNamespaceMap<K, N, V> groupIfPresent(int keyGroup) {
        return byKeyGroup[keyGroup];
    }

    /** Removes and returns the value; a finished key leaves nothing behind. */
    public V remove(K key, int keyGroup, N namespace) {
        KeyNamespaceMap<K, N, V> map = byKeyGroup[keyGroup];
        return map == null ? null : map.remove(key, namespace);
    }

    /** Removes every entry. */
    public void clear() {
        Arrays.fill(byKeyGroup, null);
    }

    /** How many (key, namespace) entries the table holds. */
    public int size() {
        int size = 0;
        for (KeyNamespaceMap<K, N, V> map : byKeyGroup) {
            if (map != null) {
                size += map.size();
            }
        }
        return size;
    }

    /** How many entries key group {@code keyGroup} holds. */
    public int sizeOf(int keyGroup) {
        KeyNamespaceMap<K, N, V> map = byKeyGroup[keyGroup];
        return map == null ? 0 : map.size();
    }

    /** Every entry of key group {@code keyGroup}, for snapshots. */
    public void forEach(int keyGroup, KeyNamespaceMap.TriConsumer<K, N, V> action) {
        KeyNamespaceMap<K, N, V> map = byKeyGroup[keyGroup];
        if (map != null) {
            map.forEach(action);
        }
    }
}
