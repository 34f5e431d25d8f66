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
    private boolean unboxLongs;
    private boolean unboxed;
    private long longKey;
    private K key;
    private int hash;

    /**
     * @param keyed whose key selector reads the keys
     * @param unboxLongs whether {@code Long} keys from a selector that gives objects are unboxed too
     */
    ElementKey(KeyedSupport<?, K> keyed, boolean unboxLongs) {
        this.longSelector = keyed.hasLongKeys();
        this.unboxLongs = unboxLongs;
        this.unboxed = longSelector;
    }

    /** Reads the key of {@code value}, making {@code timestamp} the current event time. */
    <IN> void read(KeyedSupport<IN, K> keyed, IN value, long timestamp) throws Exception {
        if (longSelector) {
            longKey = keyed.longKeyOf(value, timestamp);
            hash = WindowTable.hash(longKey);
            return;
        }
        K k = keyed.keyOf(value, timestamp);
        unboxed = unboxLongs && k instanceof Long;
        if (unboxed) {
            longKey = (Long) k; // the box itself is not kept: where it does not escape, the JIT need not make it
            hash = WindowTable.hash(longKey);
        } else {
            key = k;
            hash = WindowTable.hash(k);
        }
    }

    /**
     * From the next element on, hands out {@code Long} keys from a selector that gives objects as
     * objects: the operator's tables keep object keys from now on.
     *
     * @throws IllegalStateException if the keys come from a {@code LongKeySelector}, whose keys
     *     are always unboxed
     */
    void stopUnboxing() {
        if (longSelector) {
            throw new IllegalStateException("the keys of a LongKeySelector are always longs");
        }
        unboxLongs = false;
    }

    /** Whether the keys come from a {@code LongKeySelector}: always {@code long}s. */
    boolean fromLongSelector() {
        return longSelector;
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
