package dev.tidemark.runtime.operators.window;

import dev.tidemark.runtime.operators.KeyedSupport;

/**
 * The key of the element an operator is processing, as its tables look it up: unboxed when a
 * {@code LongKeySelector} gives it, else the key object, with the spread hash of either. One per
 * operator, filled again for each element, so reading a key allocates nothing of its own.
 *
 * <p>Threading: the owning task's thread only.
 */
final class ElementKey<K> {

    private final boolean unboxed;
    private long longKey;
    private K key;
    private int hash;

    /** @param keyed whose key selector reads the keys */
    ElementKey(KeyedSupport<?, K> keyed) {
        this.unboxed = keyed.hasLongKeys();
    }

    /** Reads the key of {@code value}, making {@code timestamp} the current event time. */
    <IN> void read(KeyedSupport<IN, K> keyed, IN value, long timestamp) throws Exception {
        if (unboxed) {
            longKey = keyed.longKeyOf(value, timestamp);
            hash = WindowTable.hash(longKey);
        } else {
            key = keyed.keyOf(value, timestamp);
            hash = WindowTable.hash(key);
        }
    }

    /** Whether the key is a {@code long}, in {@link #longKey}; else it is the object {@link #key}. */
    boolean unboxed() {
        return unboxed;
    }

    long longKey() {
        return longKey;
    }

    K key() {
        return key;
    }

    int hash() {
        return hash;
    }

    /** The key as an object: boxed when it is a {@code long} (for a session opened with it, say). */
    @SuppressWarnings("unchecked")
    K boxed() {
        return unboxed ? (K) Long.valueOf(longKey) : key;
    }
}
