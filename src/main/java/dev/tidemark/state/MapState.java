package dev.tidemark.state;

import java.util.Map;

/**
 * A map per key.
 *
 * @param <K> the map's key type
 * @param <V> the map's value type
 */
public interface MapState<K, V> extends State {

    /** The value under {@code key}, or {@code null}. */
    V get(K key);

    void put(K key, V value);

    void putAll(Map<K, V> map);

    void remove(K key);

    boolean contains(K key);

    /** The entries; empty (never null) if none. */
    Iterable<Map.Entry<K, V>> entries();

    Iterable<K> keys();

    Iterable<V> values();

    boolean isEmpty();
}
