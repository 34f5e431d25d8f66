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
    // The entry the last access found: a read, then a write of the same key and namespace, as most
    // functions do per element, costs one lookup.
    private KeyNamespaceMap<K, N, Object> foundIn;
    private int foundSlot;
    private int foundShape;
    private Object foundKey;
    private Object foundNamespace;

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

    /** Whether the last entry found is (key, namespace) in {@code map} and still where it was found. */
    private boolean isFound(KeyNamespaceMap<K, N, Object> map, K key, N namespace) {
        return map == foundIn && key == foundKey && namespace == foundNamespace && map.shape() == foundShape;
    }

    /** The slot of (key, namespace) in {@code map}, or -1, remembered for the access that follows. */
    private int slotIn(KeyNamespaceMap<K, N, Object> map, K key, N namespace) {
        if (isFound(map, key, namespace)) {
            return foundSlot;
        }
        int slot = map.find(key, namespace);
        if (slot >= 0) {
            foundIn = map;
            foundSlot = slot;
            foundShape = map.shape();
            foundKey = key;
            foundNamespace = namespace;
        }
        return slot;
    }

    @SuppressWarnings("unchecked")
    final V read() {
        K key = backend.getCurrentKey();
        int keyGroup = backend.getCurrentKeyGroup();
        N namespace = store.namespace();
        KeyNamespaceMap<K, N, Object> map = table.groupIfPresent(keyGroup);
        int slot = map == null ? -1 : slotIn(map, key, namespace);
        Object raw = slot < 0 ? null : map.valueAt(slot);
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
        K key = backend.getCurrentKey();
        N namespace = store.namespace();
        KeyNamespaceMap<K, N, Object> map = table.group(backend.getCurrentKeyGroup());
        if (isFound(map, key, namespace)) {
            map.setValueAt(foundSlot, stored);
        } else {
            map.put(key, namespace, stored); // one probe, where a find first would cost two for a new entry
        }
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
