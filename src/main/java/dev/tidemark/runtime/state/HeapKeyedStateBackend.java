package dev.tidemark.runtime.state;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * Keyed state on the heap: the current key (set by the operator before each element or timer), its
 * key group, and one {@link StateTable} per named state.
 *
 * <p>Threading: the owning task's thread only.
 *
 * @param <K> key type
 */
public final class HeapKeyedStateBackend<K> {

    private static final int NO_KEY_GROUP = -1;

    private final int maxParallelism;
    private final StateClock clock;
    private final String operatorName;
    private final Map<String, Registered> tables = new HashMap<>();
    private K currentKey;
    private int currentKeyGroup; // of currentKey: NO_KEY_GROUP until asked for
    private long currentLongKey; // the current key while it is not boxed yet (currentKey is then stale)
    private boolean currentKeyUnboxed;
    private final int subtaskIndex;
    private final int parallelism;
    private K lastChecked;
    private Class<?> restoredKeyClass; // the class of every restored key, until the first key arrives
    private boolean mixedRestoredKeys;

    private record Registered(Class<?> kind, StateTable<?, ?, ?> table) {}

    public HeapKeyedStateBackend(int maxParallelism, StateClock clock, String operatorName) {
        this(maxParallelism, clock, operatorName, 0, 1);
    }

    /**
     * @param subtaskIndex the instance this backend belongs to, which owns only its share of the key
     *     groups
     * @param parallelism how many instances the operator has
     */
    public HeapKeyedStateBackend(int maxParallelism, StateClock clock, String operatorName, int subtaskIndex,
            int parallelism) {
        this.maxParallelism = maxParallelism;
        this.clock = clock;
        this.operatorName = operatorName;
        this.subtaskIndex = subtaskIndex;
        this.parallelism = parallelism;
    }

    /**
     * Makes {@code key} current for every state access that follows.
     *
     * @throws NullPointerException if the key is null, naming the operator
     */
    public void setCurrentKey(K key) {
        checkKey(key);
        if (key != currentKey || currentKeyUnboxed) {
            currentKeyUnboxed = false;
            if (restoredKeyClass != null) {
                checkKeyTypeAfterRestore(key);
            }
            int keyGroup = NO_KEY_GROUP; // worked out when state is first read: a window that fires reads none
            if (parallelism > 1) {
                keyGroup = KeyGroups.assignToKeyGroup(key, maxParallelism);
                checkOwned(key, keyGroup);
            }
            currentKey = key;
            currentKeyGroup = keyGroup;
        }
    }

    /**
     * Makes the {@code Long} key {@code key} current, unboxed: it is boxed only if a state access or
     * a function asks for it ({@link #getCurrentKey}). A window that fires for a key and reads no
     * state then allocates no box for the backend, and the box its function gets may never be made.
     * Only for an operator whose keys are {@code Long}s.
     */
    @SuppressWarnings("unchecked")
    public void setCurrentLongKey(long key) {
        if (restoredKeyClass != null) {
            setCurrentKey((K) Long.valueOf(key)); // checks the restored keys' type
            return;
        }
        int keyGroup = NO_KEY_GROUP;
        if (parallelism > 1) {
            keyGroup = KeyGroups.assignToKeyGroup(key, maxParallelism);
            if (KeyGroups.operatorIndexForKeyGroup(maxParallelism, parallelism, keyGroup) != subtaskIndex) {
                checkOwned(key, keyGroup);
            }
        }
        currentLongKey = key;
        currentKeyUnboxed = true;
        currentKeyGroup = keyGroup;
    }

    /**
     * {@link #checkOwned(Object, int)} for a key that is not made current, as it arrives: keys whose
     * {@code hashCode} the JDK fixes (strings, longs, integers) and the key checked last are not
     * hashed again.
     */
    public void checkOwned(K key) {
        if (restoredKeyClass != null) {
            checkKeyTypeAfterRestore(key);
        }
        if (parallelism == 1 || key == lastChecked || key instanceof Long || key instanceof String
                || key instanceof Integer) {
            return;
        }
        checkOwned(key, KeyGroups.assignToKeyGroup(key, maxParallelism));
        lastChecked = key;
    }

    /**
     * Fails loudly for a key that the keyed exchange sent to another instance than its key group
     * says: its {@code hashCode} changed between the two, so its state would be split and lost.
     */
    public void checkOwned(Object key, int keyGroup) {
        int owner = KeyGroups.operatorIndexForKeyGroup(maxParallelism, parallelism, keyGroup);
        if (owner != subtaskIndex) {
            throw new IllegalStateException("key must reach the instance that owns its key group: key=" + key
                    + ", key class=" + key.getClass().getName() + ", keyGroup=" + keyGroup + ", owner=" + (owner + 1)
                    + "/" + parallelism + ", here=" + (subtaskIndex + 1) + "/" + parallelism + ", operator="
                    + operatorName + "; its hashCode is not deterministic (it must depend only on the key's value)");
        }
    }

    /**
     * Returns {@code key} if it may key state.
     *
     * @throws NullPointerException if the key is null, naming the operator
     */
    public K checkKey(K key) {
        if (key == null) {
            throw new NullPointerException("key must not be null: operator=" + operatorName
                    + "; the KeySelector returned null");
        }
        return key;
    }

    @SuppressWarnings("unchecked")
    public K getCurrentKey() {
        if (currentKeyUnboxed) {
            currentKey = (K) Long.valueOf(currentLongKey);
            currentKeyUnboxed = false;
        }
        return currentKey;
    }

    public int getCurrentKeyGroup() {
        int keyGroup = currentKeyGroup;
        if (keyGroup == NO_KEY_GROUP) {
            keyGroup = currentKeyGroup = currentKeyUnboxed ? KeyGroups.assignToKeyGroup(currentLongKey, maxParallelism)
                    : KeyGroups.assignToKeyGroup(currentKey, maxParallelism);
        }
        return keyGroup;
    }

    public int maxParallelism() {
        return maxParallelism;
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

    /** How many (key, namespace) entries the state named {@code name} holds; 0 if there is no such state. */
    public int entriesOf(String name) {
        Registered registered = tables.get(name);
        return registered == null ? 0 : registered.table.size();
    }

    /** How many (key, namespace) entries all states hold; for tests of cleanup. */
    public int totalEntries() {
        int total = 0;
        for (Registered r : tables.values()) {
            total += r.table.size();
        }
        return total;
    }

    /** Whether any state holds an entry in {@code keyGroup}. */
    public boolean hasEntries(int keyGroup) {
        for (Registered r : tables.values()) {
            if (r.table.sizeOf(keyGroup) > 0) {
                return true;
            }
        }
        return false;
    }

    /** Writes every state's entries of {@code keyGroup}: name, kind, count, then (key, namespace, value)s. */
    public void snapshotKeyGroup(int keyGroup, ObjectOutputStream out) throws IOException {
        Map<String, Registered> sorted = new TreeMap<>(tables);
        int nonEmpty = (int) sorted.values().stream().filter(r -> r.table.sizeOf(keyGroup) > 0).count();
        out.writeInt(nonEmpty);
        for (Map.Entry<String, Registered> e : sorted.entrySet()) {
            StateTable<?, ?, ?> table = e.getValue().table;
            int size = table.sizeOf(keyGroup);
            if (size == 0) {
                continue;
            }
            out.writeUTF(e.getKey());
            out.writeObject(e.getValue().kind);
            out.writeInt(size);
            IOException[] failure = new IOException[1];
            table.forEach(keyGroup, (key, namespace, value) -> {
                if (failure[0] == null) {
                    try {
                        out.writeObject(key);
                        out.writeObject(namespace);
                        out.writeObject(value);
                    } catch (IOException ex) {
                        failure[0] = ex;
                    }
                }
            });
            if (failure[0] != null) {
                throw failure[0];
            }
        }
    }

    /**
     * A restored key must hash to the key group it was written from, or its state would never be
     * found again; and the first key to arrive after a restore must be of the restored keys' class,
     * or the program changed its key type and every restored entry would be silently unreachable.
     */
    private void checkRestoredKey(Object key, int keyGroup, String state) {
        int now = KeyGroups.assignToKeyGroup(key, maxParallelism);
        if (now != keyGroup) {
            throw new IllegalStateException("restored key must hash as it did when it was saved: key=" + key
                    + ", key class=" + key.getClass().getName() + ", saved keyGroup=" + keyGroup + ", keyGroup now="
                    + now + ", state=" + state + ", operator=" + operatorName
                    + "; its hashCode must depend only on its value, the same in every process");
        }
        if (restoredKeyClass == null && !mixedRestoredKeys) {
            restoredKeyClass = key.getClass();
        } else if (restoredKeyClass != key.getClass()) {
            restoredKeyClass = null;
            mixedRestoredKeys = true; // keys of several types: the program's key type cannot be told
        }
    }

    private void checkKeyTypeAfterRestore(Object key) {
        Class<?> restored = restoredKeyClass;
        restoredKeyClass = null;
        mixedRestoredKeys = true; // checked once
        if (key.getClass() != restored) {
            throw new IllegalStateException("key type must be the one the restored state was saved with: restored key"
                    + " class=" + restored.getName() + ", key class=" + key.getClass().getName() + ", key=" + key
                    + ", operator=" + operatorName + "; the restored entries would never be found. Restore into a"
                    + " program that keys this operator as before, or give the changed operator a new uid and"
                    + " setAllowNonRestoredState(true)");
        }
    }

    /** Reads what {@link #snapshotKeyGroup} wrote back into the tables. */
    @SuppressWarnings("unchecked")
    public void restoreKeyGroup(int keyGroup, ObjectInputStream in) throws IOException, ClassNotFoundException {
        int count = in.readInt();
        for (int t = 0; t < count; t++) {
            String name = in.readUTF();
            Class<?> kind = (Class<?>) in.readObject();
            StateTable<Object, Object, Object> table = (StateTable<Object, Object, Object>) (StateTable<?, ?, ?>) table(name, kind);
            int size = in.readInt();
            for (int i = 0; i < size; i++) {
                Object key = in.readObject();
                Object namespace = in.readObject();
                checkRestoredKey(key, keyGroup, name);
                table.put(key, keyGroup, namespace, in.readObject());
            }
        }
    }
}
