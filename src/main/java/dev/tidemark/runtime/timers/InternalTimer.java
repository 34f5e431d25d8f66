package dev.tidemark.runtime.timers;

import java.util.Objects;

/**
 * A timer for one (key, namespace, timestamp). The {@link TimerQueue} keeps one timer per triple
 * (see {@link TimerIndex}): registering twice gives one firing. While pending, a timer is a link in
 * a chain of timers with its timestamp (registration order), so deleting it costs O(1).
 *
 * @param <K> key type
 * @param <N> namespace type
 */
public final class InternalTimer<K, N> {

    private final K key;
    private final N namespace;
    private final long timestamp;
    final int hash; // its place in the TimerIndex, so removing it there never rehashes the key
    int heapIndex = -1; // set while it heads a chain
    InternalTimer<K, N> prev; // the chain is a ring: the head's prev is the tail; null once fired or deleted
    InternalTimer<K, N> next; // the tail's next is the head

    InternalTimer(K key, N namespace, long timestamp) {
        this.key = key;
        this.namespace = namespace;
        this.timestamp = timestamp;
        this.hash = TimerIndex.hash(key, namespace, timestamp);
    }

    public K key() {
        return key;
    }

    public N namespace() {
        return namespace;
    }

    public long timestamp() {
        return timestamp;
    }

    boolean isPending() {
        return prev != null;
    }

    @Override
    public String toString() {
        return "Timer(key=" + key + ", namespace=" + namespace + ", timestamp=" + timestamp + ")";
    }

    static <K, N> InternalTimer<K, N> of(K key, N namespace, long timestamp) {
        return new InternalTimer<>(Objects.requireNonNull(key), Objects.requireNonNull(namespace), timestamp);
    }
}
