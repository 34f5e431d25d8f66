package dev.tidemark.runtime.operators.window;

import dev.tidemark.runtime.operators.KeyedSupport;

/**
 * The key of the element an operator is processing, as its tables look it up: unboxed when a
 * {@code LongKeySelector} gives it, or when any selector gives a {@code Long} to an operator whose
 * tables keep such keys unboxed (until the first key of another type: see {@link #stopUnboxing});
 * else the key object; with the spread hash of either. One per operator, filled again for each
 * element, so reading a key allocates nothing of its own.
 *
 * <p>Threading: the owning task's thread only.
 */
final class ElementKey<K> {

    private final boolean longSelector;
    private boolean unboxLongs = true; // until the operator's tables keep key objects
    private boolean unboxed;
    private long longKey;
    private K key;
    private int hash;

    /** @param keyed whose key selector reads the keys */
    ElementKey(KeyedSupport<?, K> keyed) {
        this.longSelector = keyed.hasLongKeys();
        this.unboxed = longSelector;
    }

    /** Reads the key of {@code value}, making {@code timestamp} the current event time. */
    <IN> void read(KeyedSupport<IN, K> keyed, IN value, long timestamp) throws Exception {
        if (longSelector) {
            longKey = keyed.longKeyOf(value, timestamp);
            hash = WindowTable.hash(longKey);
            return;
        }
        key = keyed.keyOf(value, timestamp);
        unboxed = unboxLongs && key instanceof Long;
        if (unboxed) {
            longKey = (Long) key;
            hash = WindowTable.hash(longKey);
        } else {
            hash = WindowTable.hash(key);
        }
    }

    /**
     * From the next element on, hands out {@code Long} keys from a selector that gives objects as
     * objects: the operator's tables keep object keys from now on, for {@code key}, which is not a
     * {@code Long}.
     *
     * @throws IllegalStateException if the keys come from a {@code LongKeySelector}, whose keys
     *     are always unboxed (a snapshot of another program's keys, say)
     */
    void stopUnboxing(Object key) {
        if (longSelector) {
            throw new IllegalStateException("key " + key + " (" + key.getClass().getName()
                    + ") is not a long, but the operator is keyed by a LongKeySelector");
        }
        unboxLongs = false;
    }

    /**
     * Whether the key is a {@code long}, in {@link #longKey}; else it is the object {@link #key}
     * (which also holds a selector's {@code Long} while it is unboxed).
     */
    boolean unboxed() {
        return unboxed;
    }

    long longKey() {
        return longKey;
    }

    /** The key object: the selector's, also while it is unboxed; {@code null} from a {@code LongKeySelector}. */
    K key() {
        return key;
    }

    int hash() {
        return hash;
    }

    /** The key as an object (for a session opened with it, say): boxed here only from a {@code LongKeySelector}. */
    @SuppressWarnings("unchecked")
    K boxed() {
        return longSelector ? (K) Long.valueOf(longKey) : key;
    }
}
