package dev.tidemark.runtime.operators;

/**
 * The {@code Long} boxes of {@code long} keys, kept for reuse: where each element makes its key
 * current as an object (keyed process functions, keyed state and timers), a key that recurs gets
 * the box made the last time instead of a new one per element. Keyed state then finds the key it
 * holds by identity, and a timer keeps a box that is already old.
 *
 * <p>Not for keys boxed once per window (a window function's key): there a lookup that misses the
 * CPU's caches costs more than a box that dies young (windows at one element per key and window
 * measured 5-20 % slower with it; a keyed process function with state and timers per element
 * faster in every paired run; the interval join level within the machine's noise).
 *
 * <p>A direct-mapped cache of {@value #SIZE} boxes, found by the key's hash: a key whose slot holds
 * another key's box replaces it, so a key set larger than the cache, or an unlucky one, costs a
 * read and a store beside the box that would have been made anyway. Keys numbered densely from
 * zero (ids) do not collide up to that many. The keys lie unboxed beside their boxes, so that a
 * slot holding another key is told without reading that key's box (with millions of keys, a cache
 * miss each). Boxes are immutable like {@code Long.valueOf}'s own cache of {@code -128..127};
 * their identity means nothing.
 *
 * <p>Threading: any thread, without locks. A box's value is a final field, so a thread that reads
 * another's racy stores sees a complete box, which it checks is its key's before handing it out.
 */
public final class KeyBoxes {

    static final int SIZE = 1 << 14;

    private static final KeyBoxes SHARED = new KeyBoxes();

    private final long[] keys = new long[SIZE];
    private final Long[] boxes = new Long[SIZE];

    KeyBoxes() {} // the library's is SHARED; tests make their own

    /** {@code Long.valueOf(key)}, the same box as last time if the cache still has it. */
    public static Long of(long key) {
        return SHARED.box(key);
    }

    Long box(long key) {
        int hash = Long.hashCode(key);
        int slot = (hash ^ (hash >>> 14)) & (SIZE - 1);
        if (keys[slot] == key) {
            Long box = boxes[slot];
            if (box != null && box.longValue() == key) {
                return box;
            }
        }
        Long box = Long.valueOf(key);
        boxes[slot] = box;
        keys[slot] = key;
        return box;
    }
}
