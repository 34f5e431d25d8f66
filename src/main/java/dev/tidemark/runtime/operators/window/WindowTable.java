package dev.tidemark.runtime.operators.window;

import dev.tidemark.windowing.windows.TimeWindow;
import java.util.Arrays;

/**
 * One aligned window's accumulators, one per key, in the order the keys first reached the window.
 * That order is the one in which the default operator registers, and so fires, the window's timers;
 * each key's arrival is kept too, to order it against another window's keys (cleanup).
 *
 * <p>Keys and accumulators lie in dense arrays in that order; a hash index of (hash, position)
 * pairs finds them, built at the first lookup: a table filled through a {@link KeyWindowIndex}
 * (sliding windows, whose keys are found once per element for all its windows) keeps each key's
 * slot there instead and needs no index of its own, nor its keys: it reads them from the index's
 * directory by slot, until it {@link #takeKeys takes them} (before that directory is laid out
 * again or given up). Opening a window for a key then writes its arrival and slot alone. A stream
 * whose keys recur in a steady order walks the dense arrays, and the objects they point to, front
 * to back, so only the index lookup is a random memory access. Entries
 * are never removed one by one: the whole table is dropped when its window is cleaned up.
 *
 * <p>A table of {@code long} keys (from a {@code LongKeySelector}, or {@code Long}s from any
 * selector) keeps them unboxed in a {@code long[]}, so finding and adding a key allocates nothing,
 * compares no objects and reads no key object scattered in the heap; it hands them out boxed
 * ({@link #keyAt}) only where a function or a snapshot needs the key, and boxes them all
 * ({@link #boxKeys}) if a key of another type comes.
 *
 * <p>Threading: the owning task's thread only.
 */
final class WindowTable {

    private TimeWindow window;
    private long ringIndex; // the window's index in the operator's KeyWindowIndex, given when it opened
    private boolean fired;
    private long[] index; // (hash << 32) | (position + 1); 0 is a free slot; at most three quarters full; null until a lookup
    private boolean longKeyTable; // whether keys are longs (longKeys, boxes) rather than objects (keys)
    // The key arrays are null in a table whose keys are in a directory (keysBySlot), and values until the
    // first value that is not null: a table filled through a key index keeps an arrival and a slot per key.
    private Object[] keys; // null in a table of long keys
    private long[] longKeys; // null in a table of object keys
    private Object[] boxes; // in a table of long keys, each key's box once one is known; never read by a lookup
    private Object[] values; // unused while flat
    private FlatAccumulators flat; // the accumulators, if kept flat (in tables that hold them, not a key index); by position
    private long[] arrivals; // when each key first reached the window, in the operator's count
    private int[] slots; // each key's slot in a KeyWindowIndex; null in a table that is not filled through one
    private WindowTable keysBySlot; // that index's directory, which holds every key here at its slot; null: keys are here
    private int[] positionsBySlot; // slot -> position + 1 (0: none), built at the first positionOfSlot; null until then
    private int size;

    /**
     * @param expectedKeys how many keys the window will likely hold (the last window's count): sized
     *     for them, the table never grows while the window fills
     * @param longKeys whether the keys are {@code long}s, found and added by {@link #findLong} and
     *     {@link #addLong}
     */
    WindowTable(TimeWindow window, int expectedKeys, boolean longKeys) {
        this.window = window;
        this.longKeyTable = longKeys;
        this.arrivals = new long[Math.max(8, expectedKeys)];
        keyArrays();
    }

    /** The keys' arrays, made for the table's capacity if the table had none. */
    private void keyArrays() {
        if (longKeyTable ? longKeys == null : keys == null) {
            if (longKeyTable) {
                longKeys = new long[arrivals.length];
                boxes = new Object[arrivals.length];
            } else {
                keys = new Object[arrivals.length];
            }
        }
    }

    /** The values' array, made for the table's capacity if the table had none. */
    private Object[] values() {
        if (values == null) {
            values = new Object[arrivals.length];
        }
        return values;
    }

    /**
     * Whether this table, of a window that was cleaned up, can be {@link #reuse}d for keys of the
     * given kind.
     */
    boolean reusableFor(boolean longKeys) {
        return longKeyTable == longKeys;
    }

    /**
     * This table, emptied, as the table of {@code window}: its arrays are kept (the references in
     * them dropped), so opening a window allocates nothing while windows come and go at the same
     * size. Nothing may use the table for its old window any more.
     */
    WindowTable reuse(TimeWindow window) {
        this.window = window;
        this.fired = false;
        this.positionsBySlot = null;
        if (keysBySlot != null) {
            keysBySlot = null; // its key arrays were not written
        } else if (keys != null) {
            Arrays.fill(keys, 0, size, null);
        } else if (boxes != null) {
            Arrays.fill(boxes, 0, size, null);
        }
        if (values != null) {
            Arrays.fill(values, 0, size, null);
        }
        if (index != null) {
            Arrays.fill(index, 0);
        }
        size = 0;
        return this;
    }

    /** The smallest power of two that holds {@code keys} at most three quarters full. */
    private static int indexCapacity(int keys) {
        return Integer.highestOneBit(Math.max(keys + keys / 3, 16) - 1) << 1;
    }

    TimeWindow window() {
        return window;
    }

    /** The window's index in the operator's {@link KeyWindowIndex}, as {@link #setRingIndex} gave it. */
    long ringIndex() {
        return ringIndex;
    }

    /** Keeps the window's index in the operator's {@link KeyWindowIndex}, so no element divides for it again. */
    void setRingIndex(long index) {
        this.ringIndex = index;
    }

    /** Whether the watermark has passed the window's end, so that its results were emitted. */
    boolean fired() {
        return fired;
    }

    void markFired() {
        fired = true;
    }

    /** Spreads {@code key.hashCode()}, as the index wants it. */
    static int hash(Object key) {
        return spread(key.hashCode());
    }

    /** The {@link #hash} of {@code Long.valueOf(key)}. */
    static int hash(long key) {
        return spread(Long.hashCode(key));
    }

    private static int spread(int hashCode) {
        int h = hashCode * 0x9E3779B9;
        return h ^ (h >>> 16);
    }

    /** The position of {@code key}, whose {@link #hash} is {@code hash}, or -1. */
    int find(Object key, int hash) {
        requireIndex();
        int mask = index.length - 1;
        for (int i = hash & mask; ; i = (i + 1) & mask) {
            long slot = index[i];
            if (slot == 0) {
                return -1;
            }
            if ((int) (slot >>> 32) == hash) {
                int position = (int) slot - 1;
                Object k = keys[position];
                if (k == key || k.equals(key)) {
                    return position;
                }
            }
        }
    }

    /** The position of the {@code long} key {@code key}, whose {@link #hash} is {@code hash}, or -1. */
    int findLong(long key, int hash) {
        requireIndex();
        int mask = index.length - 1;
        for (int i = hash & mask; ; i = (i + 1) & mask) {
            long slot = index[i];
            if (slot == 0) {
                return -1;
            }
            if ((int) (slot >>> 32) == hash && longKeys[(int) slot - 1] == key) {
                return (int) slot - 1;
            }
        }
    }

    /**
     * Adds {@code key}, which {@link #find} did not find, with {@code value}; returns its position.
     * In a table of long keys, {@code key} must be a {@code Long}.
     *
     * @param arrival when the key reached the window (keys added in arrival order fire in position order)
     */
    int add(Object key, int hash, Object value, long arrival) {
        if (longKeyTable) {
            return addLong((Long) key, hash, value, arrival, key);
        }
        keyArrays();
        int position = append(value, arrival);
        keys[position] = key;
        index(hash, position);
        return position;
    }

    /**
     * {@link #add} for a table of long keys.
     *
     * @param box the key's box, if the selector made one ({@code null} from a {@code LongKeySelector}):
     *     {@link #keyAt} hands it out rather than box the key again
     */
    int addLong(long key, int hash, Object value, long arrival, Object box) {
        keyArrays();
        int position = append(value, arrival);
        longKeys[position] = key;
        boxes[position] = box;
        index(hash, position);
        return position;
    }

    /**
     * Adds {@code key}, which the table does not hold, at slot {@code slot} of the operator's
     * {@link KeyWindowIndex}, which finds it from now on: the table drops its own index (a later
     * lookup builds it again). {@code longKey} is the key if {@code longKeys}, else {@code key}
     * ({@code key} may be null for a {@code long} key that came without a box: the directory's box is
     * kept). A table filled through the index from its first key keeps no keys: {@code directory},
     * the index's, holds them.
     */
    int addAtSlot(Object key, long longKey, Object value, long arrival, int slot, WindowTable directory) {
        if (size == 0) {
            keysBySlot = directory;
            keys = null; // the directory holds them, and the index the values: the arrays a reused table had go
            longKeys = null;
            boxes = null;
            values = null;
            flat = null;
        }
        int position = append(value, arrival);
        if (keysBySlot == null) { // the table took its keys back from the directory: it keeps this one too
            if (keys != null) {
                keys[position] = key;
            } else {
                longKeys[position] = longKey;
                boxes[position] = key != null ? key : directory.keyAt(slot); // one box per key for all its windows
            }
        }
        if (slots == null) {
            slots = new int[arrivals.length];
        }
        slots[position] = slot;
        index = null;
        if (positionsBySlot != null) {
            mapSlot(slot, position);
        }
        return position;
    }

    /**
     * The position of the key at slot {@code slot} of the operator's {@link KeyWindowIndex}, or -1 if
     * the table does not hold it. The first call maps every slot to its position, kept up to date from
     * then on: it is for a window that fired and gets late elements (allowed lateness), where a key's
     * result is emitted again; the index keeps no position per cell for the common case.
     */
    int positionOfSlot(int slot) {
        if (positionsBySlot == null) {
            positionsBySlot = new int[16];
            for (int position = 0; position < size; position++) {
                if (slots[position] >= 0) {
                    mapSlot(slots[position], position);
                }
            }
        }
        return slot < positionsBySlot.length ? positionsBySlot[slot] - 1 : -1;
    }

    private void mapSlot(int slot, int position) {
        if (slot >= positionsBySlot.length) {
            positionsBySlot = Arrays.copyOf(positionsBySlot, Math.max(slot + 1, positionsBySlot.length * 2));
        }
        positionsBySlot[slot] = position + 1;
    }

    /** The slot in the operator's {@link KeyWindowIndex} of the key at {@code position}; -1 if it has none. */
    int slotAt(int position) {
        return slots == null ? -1 : slots[position];
    }

    /** Forgets every key's slot, of a {@link KeyWindowIndex} given up: a new one gives them again. */
    void forgetSlots() {
        slots = null;
        positionsBySlot = null;
    }

    /** Gives the key at {@code position} slot {@code slot} of the operator's {@link KeyWindowIndex}. */
    void setSlotAt(int position, int slot) {
        positionsBySlot = null; // the slots are laid out again
        if (slots == null) {
            slots = new int[arrivals.length];
            Arrays.fill(slots, -1);
        }
        slots[position] = slot;
    }

    private int append(Object value, long arrival) {
        if (size == arrivals.length) {
            if (slots != null) {
                slots = Arrays.copyOf(slots, size * 2);
            }
            if (keys != null) {
                keys = Arrays.copyOf(keys, size * 2);
            } else if (longKeys != null) {
                longKeys = Arrays.copyOf(longKeys, size * 2);
                boxes = Arrays.copyOf(boxes, size * 2);
            }
            if (values != null) {
                values = Arrays.copyOf(values, size * 2);
            }
            arrivals = Arrays.copyOf(arrivals, size * 2);
            if (flat != null) {
                flat.grow(size * 2);
            }
        }
        int position = size++;
        if (value == null) {
            // nothing to write: past the size every value is null (tables filled through a key index, whose
            // rings hold the values, so write one stream of memory fewer per key and window)
        } else if (flat == null) {
            values()[position] = value;
        } else if (!flat.store(position, value)) {
            throw new IllegalStateException("not a flat accumulator: " + value.getClass().getName()); // WindowTables stores only flat ones here
        }
        arrivals[position] = arrival;
        if (slots != null) {
            slots[position] = -1; // until addAtSlot or setSlotAt gives it one
        }
        return position;
    }

    private void index(int hash, int position) {
        if (index == null) {
            return; // built, with this key, at the next lookup
        }
        if (size > index.length - (index.length >>> 2)) {
            rebuildIndex(index.length * 2);
        } else {
            insert(hash, position);
        }
    }

    private void insert(int hash, int position) {
        int mask = index.length - 1;
        int i = hash & mask;
        while (index[i] != 0) {
            i = (i + 1) & mask;
        }
        index[i] = ((long) hash << 32) | (position + 1L);
    }

    private void requireIndex() {
        if (index == null) {
            rebuildIndex(indexCapacity(arrivals.length));
        }
    }

    private void rebuildIndex(int capacity) {
        index = new long[capacity];
        for (int position = 0; position < size; position++) {
            insert(hashAt(position), position);
        }
    }

    int size() {
        return size;
    }

    /** The {@link #hash} of the key at {@code position}. */
    int hashAt(int position) {
        if (keysBySlot != null) {
            return keysBySlot.hashAt(slots[position]);
        }
        return keys != null ? hash(keys[position]) : hash(longKeys[position]);
    }

    /** The position of {@code other}'s key at {@code otherPosition}, whose hash is {@code hash}, or -1. */
    int findKeyOf(WindowTable other, int otherPosition, int hash) {
        if (other.keysBySlot != null) {
            return findKeyOf(other.keysBySlot, other.slots[otherPosition], hash);
        }
        return longKeyTable ? findLong(other.longKeys[otherPosition], hash) : find(other.keys[otherPosition], hash);
    }

    /** Adds {@code other}'s key at {@code otherPosition}, which {@link #findKeyOf} did not find. */
    int addKeyOf(WindowTable other, int otherPosition, int hash, Object value, long arrival) {
        if (other.keysBySlot != null) {
            return addKeyOf(other.keysBySlot, other.slots[otherPosition], hash, value, arrival);
        }
        return longKeyTable ? addLong(other.longKeys[otherPosition], hash, value, arrival, other.boxes[otherPosition])
                : add(other.keys[otherPosition], hash, value, arrival);
    }

    /**
     * Turns a table of long keys into one of their boxes, for a key of another type to join them;
     * the index stays as it is, since a box hashes as its {@code long} does. (A table whose keys are
     * in a directory has that directory's boxed.)
     */
    void boxKeys() {
        for (int position = 0; keysBySlot == null && position < size; position++) {
            keyAt(position);
        }
        keys = boxes;
        boxes = null;
        longKeys = null;
        longKeyTable = false;
    }

    /**
     * Copies its keys from the directory that held them into the table, which holds them from now
     * on: before that directory is laid out again or given up.
     */
    void takeKeys() {
        WindowTable directory = keysBySlot;
        if (directory == null) {
            return;
        }
        keyArrays();
        for (int position = 0; position < size; position++) {
            int slot = slots[position];
            if (keys != null) {
                keys[position] = directory.keyAt(slot);
            } else {
                longKeys[position] = directory.longKeys[slot];
                boxes[position] = directory.boxes[slot];
            }
        }
        keysBySlot = null;
    }

    /** The key at {@code position}; in a table of long keys, its box, made once if no selector made one. */
    Object keyAt(int position) {
        if (keysBySlot != null) {
            return keysBySlot.keyAt(slots[position]);
        }
        if (keys != null) {
            return keys[position];
        }
        Object box = boxes[position];
        if (box == null) {
            box = boxes[position] = Long.valueOf(longKeys[position]);
        }
        return box;
    }

    /**
     * Whether the key at {@code position} is a {@code long} that {@link #longKeyAt} hands out
     * unboxed: in a table that keeps its long keys, for a key no selector boxed.
     */
    boolean unboxedKeyAt(int position) {
        // A table whose keys are in a directory hands out the directory's box, made once per key: every
        // window of the key fires with it, where a box per firing would be garbage per result.
        return keysBySlot == null && keys == null && boxes[position] == null;
    }

    /** The key at {@code position}, where {@link #unboxedKeyAt}. */
    long longKeyAt(int position) {
        return longKeys[position];
    }

    /** The positions of its keys in the order they first reached the window. */
    int[] arrivalOrder() {
        return ArrivalOrder.of(arrivals, size);
    }

    /** The accumulator at {@code position}; if kept flat, in an array of its own. */
    Object valueAt(int position) {
        return flat != null ? flat.copyOf(position) : values == null ? null : values[position];
    }

    /** The flat accumulators of this table, by position, or null if it keeps objects. */
    FlatAccumulators flat() {
        return flat;
    }

    /** This table, empty, keeps its accumulators flat in cells laid out as {@code like}'s from now on. */
    void keepFlat(FlatAccumulators like) {
        assert size == 0 : "made flat with entries";
        flat = like.emptyLike(arrivals.length);
        values = null; // until keepObjects
    }

    /** This table keeps its accumulators as objects from now on: the flat ones become objects. */
    void keepObjects() {
        for (int position = 0; flat != null && position < size; position++) {
            values()[position] = flat.copyOf(position);
        }
        flat = null;
    }

    long arrivalAt(int position) {
        return arrivals[position];
    }

    void setArrivalAt(int position, long arrival) {
        arrivals[position] = arrival;
    }

    /** Forgets every accumulator, which a key index holds from now on; the table holds none from now on. */
    void dropValues() {
        flat = null;
        values = null;
    }

    /** Sets the accumulator at {@code position}, in a table that keeps objects. */
    void setValueAt(int position, Object value) {
        assert flat == null : "an object put in a flat table";
        if (value != null || values != null) {
            values()[position] = value;
        }
    }
}
