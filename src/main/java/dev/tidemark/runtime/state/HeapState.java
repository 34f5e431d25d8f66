package dev.tidemark.runtime.state;

import dev.tidemark.state.StateTtlConfig;

/**
 * What every heap state shares: the (key, namespace) it addresses and time-to-live. With a TTL each
 * value is stored with the time it was written; an expired value reads as absent and is removed.
 *
 * <p>Threading: the owning task's thread only.
 *
 * @param <K> key type
 * @param <N> namespace type
 * @param <V> value type
 */
abstract class HeapState<K, N, V> {

    private final HeapKeyedStateBackend<K> backend;
    private final StateTable<K, N, Object> table;
    private final NamespacedStateStore<K, N> store;
    private final StateTtlConfig ttl;
    private final long ttlMillis;

    HeapState(NamespacedStateStore<K, N> store, String name, Class<?> kind, StateTtlConfig ttl) {
        this.store = store;
        this.backend = store.backend();
        this.table = backend.table(name, kind);
        this.ttl = ttl;
        this.ttlMillis = ttl == null ? 0 : ttl.ttlMillis();
    }

    /** A small mutable holder so refreshing a TTL on read does not allocate. */
    private static final class Stamped implements java.io.Serializable {
        private static final long serialVersionUID = 1L;

        Object value;
        long writtenAt;

        Stamped(Object value, long writtenAt) {
            this.value = value;
            this.writtenAt = writtenAt;
        }
    }

    /**
     * Fails, naming the state, if a restored value is not what the program now declares (its type,
     * or whether it has a time-to-live): it would otherwise fail later, at its first read, with a
     * bare {@code ClassCastException}. Run once, when the state is first used after a restore.
     */
    final void checkRestored(String stateName, java.util.function.Predicate<Object> matches, String declared) {
        if (table.size() == 0) {
            return;
        }
        for (int group = 0; group < backend.maxParallelism(); group++) {
            table.forEach(group, (key, namespace, raw) -> {
                boolean stamped = raw instanceof Stamped;
                if (stamped != (ttl != null)) {
                    throw new IllegalStateException("restored state must keep its time-to-live setting: state="
                            + stateName + ", saved " + (stamped ? "with" : "without") + " a time-to-live, declared "
                            + (ttl != null ? "with" : "without") + " one, operator=" + backend.operatorName());
                }
                Object value = stamped ? ((Stamped) raw).value : raw;
                if (!matches.test(value)) {
                    throw new IllegalStateException("restored state must be of the type the program declares: state="
                            + stateName + ", declared=" + declared + ", restored=" + value.getClass().getName()
                            + ", operator=" + backend.operatorName() + "; restore into a program that declares the"
                            + " state as before, or give it a new name");
                }
            });
        }
    }

    @SuppressWarnings("unchecked")
    final V read() {
        K key = backend.getCurrentKey();
        int keyGroup = backend.getCurrentKeyGroup();
        N namespace = store.namespace();
        Object raw = table.get(key, keyGroup, namespace);
        if (ttl == null || raw == null) {
            return (V) raw;
        }
        Stamped stamped = (Stamped) raw;
        if (isExpired(stamped.writtenAt)) {
            table.remove(key, keyGroup, namespace);
            return null;
        }
        if (ttl.refreshOnRead()) {
            stamped.writtenAt = writeTime();
        }
        return (V) stamped.value;
    }

    final void write(V value) {
        if (value == null) {
            clear();
            return;
        }
        Object stored = ttl == null ? value : new Stamped(value, writeTime());
        table.put(backend.getCurrentKey(), backend.getCurrentKeyGroup(), store.namespace(), stored);
    }

    public final void clear() {
        table.remove(backend.getCurrentKey(), backend.getCurrentKeyGroup(), store.namespace());
    }

    private long writeTime() {
        StateClock clock = backend.clock();
        if (ttl.timeDomain() == StateTtlConfig.TimeDomain.PROCESSING_TIME) {
            return clock.currentProcessingTime();
        }
        long eventTime = clock.currentEventTime();
        return eventTime != Long.MIN_VALUE ? eventTime : clock.currentWatermark();
    }

    private boolean isExpired(long writtenAt) {
        StateClock clock = backend.clock();
        long now = ttl.timeDomain() == StateTtlConfig.TimeDomain.PROCESSING_TIME
                ? clock.currentProcessingTime() : clock.currentWatermark();
        long expiresAt = writtenAt + ttlMillis;
        if (expiresAt < writtenAt) {
            return false; // overflow: never expires
        }
        return expiresAt <= now;
    }
}
