package dev.tidemark.runtime.timers;

import java.util.Objects;

/**
 * A timer for one (key, namespace, timestamp). The heap keeps one timer per triple (see
 * {@link TimerIndex}): registering twice gives one firing. The timer knows its slot in the heap, so deleting it costs O(log n).
 *
 * @param <K> key type
 * @param <N> namespace type
 */
public final class InternalTimer<K, N> {

    private final K key;
    private final N namespace;
    private final long timestamp;
    long sequence;
    int heapIndex = -1;

    InternalTimer(K key, N namespace, long timestamp) {
        this.key = key;
        this.namespace = namespace;
        this.timestamp = timestamp;
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


    @Override
    public String toString() {
        return "Timer(key=" + key + ", namespace=" + namespace + ", timestamp=" + timestamp + ")";
    }

    static <K, N> InternalTimer<K, N> of(K key, N namespace, long timestamp) {
        return new InternalTimer<>(Objects.requireNonNull(key), Objects.requireNonNull(namespace), timestamp);
    }
}
