package dev.tidemark.runtime.state;

import java.util.HashMap;
import java.util.Map;

/**
 * Keyed state on the heap: the current key (set by the operator before each element or timer), its
 * key group, and one {@link StateTable} per named state.
 *
 * <p>Threading: the owning task's thread only.
 *
 * @param <K> key type
 */
public final class HeapKeyedStateBackend<K> {

    private final int maxParallelism;
    private final StateClock clock;
    private final String operatorName;
    private final Map<String, Registered> tables = new HashMap<>();
    private K currentKey;
    private int currentKeyGroup;

    private record Registered(Class<?> kind, StateTable<?, ?, ?> table) {}

    public HeapKeyedStateBackend(int maxParallelism, StateClock clock, String operatorName) {
        this.maxParallelism = maxParallelism;
        this.clock = clock;
        this.operatorName = operatorName;
    }

    /**
     * Makes {@code key} current for every state access that follows.
     *
     * @throws NullPointerException if the key is null, naming the operator
     */
    public void setCurrentKey(K key) {
        if (key == null) {
            throw new NullPointerException("key must not be null: operator=" + operatorName
                    + "; the KeySelector returned null");
        }
        if (key != currentKey) {
            currentKey = key;
            currentKeyGroup = KeyGroups.assignToKeyGroup(key, maxParallelism);
        }
    }

    public K getCurrentKey() {
        return currentKey;
    }

    public int getCurrentKeyGroup() {
        return currentKeyGroup;
    }

    public StateClock clock() {
        return clock;
    }

    public String operatorName() {
        return operatorName;
    }

    /**
     * The table of the state named {@code name}, created on first use.
     *
     * @param kind the kind of state, to refuse one name used for two kinds
     * @throws IllegalStateException if {@code name} was registered for another kind
     */
    @SuppressWarnings("unchecked")
    public <N, V> StateTable<K, N, V> table(String name, Class<?> kind) {
        Registered registered = tables.get(name);
        if (registered == null) {
            registered = new Registered(kind, new StateTable<K, N, V>(maxParallelism));
            tables.put(name, registered);
        } else if (registered.kind != kind) {
            throw new IllegalStateException("state name must be used for one kind of state: name=" + name
                    + ", registered=" + registered.kind.getSimpleName() + ", requested=" + kind.getSimpleName()
                    + ", operator=" + operatorName);
        }
        return (StateTable<K, N, V>) registered.table;
    }

    /** How many (key, namespace) entries all states hold; for tests of cleanup. */
    public int totalEntries() {
        int total = 0;
        for (Registered r : tables.values()) {
            total += r.table.size();
        }
        return total;
    }
}
