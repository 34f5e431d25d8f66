package dev.tidemark.runtime.operators.window;

import dev.tidemark.runtime.operators.SnapshotAction;
import dev.tidemark.runtime.state.HeapKeyedStateBackend;
import dev.tidemark.windowing.windows.TimeWindow;
import java.util.Arrays;

/**
 * The open {@link WindowTable}s of an operator, ordered by start: aligned windows, or the panes
 * windows are made of. Finds a table by start (most elements hit the one before them's), opens
 * tables sized for as many keys as the last one that closed (or the latest open one) held, numbers
 * each key's arrival, finds an element's key once for all its sliding windows while that pays
 * ({@link KeyWindowIndex}, {@link KeyRecurrence}), and hands the tables to keyed state for a
 * snapshot and back ({@link TablesInKeyedState}).
 *
 * <p>Threading: the owning task's thread only.
 */
final class WindowTables<K> {

    private final long length;
    private final TablesInKeyedState<K> keyedState; // where a snapshot or a restore finds the tables
    private final ElementKey<K> elementKey;
    private boolean longKeys = true; // until a key of another type comes
    private WindowTable[] tables = new WindowTable[4];
    private int count;
    private WindowTable last;
    private int lastIndex; // where last was found; a guess, checked before it is used
    private int expectedKeys;
    private long arrivals;
    private KeyWindowIndex keyIndex; // sliding windows: keys found once per element; null: by each table's index
    private int elementSlot = -1; // the element's key's slot in keyIndex, once looked up
    private boolean firstMayWait; // whether a rare key's element may wait in its windows (KeyWindowIndex.putFirst)
    private KeyRecurrence recurrence; // whether keyIndex pays, with few windows per element
    private boolean keysRarelyRecur; // keyIndex was given up for keys that rarely came back: it may be taken up again
    private long slide; // of the windows keyIndex is for
    private Accumulator<?, Object> indexAccumulator; // the accumulator keyIndex adds waiting elements with
    private WindowTable spare; // the last table removed, whose arrays the next one opened reuses
    private Accumulator<?, Object> flatAccumulator; // whose accumulators the tables that hold their own may keep flat
    private boolean layoutChosen; // whether the first accumulator chose between flat tables and objects
    private FlatAccumulators flatLayout; // how the tables keep flat accumulators; null: as objects

    /**
     * @param length the length of each table's window: the window size, or the slide for panes
     * @param state the keyed state the tables are written to for a snapshot
     * @param elementKey the operator's element key, which unboxes {@code Long} keys while the tables
     *     keep them unboxed
     */
    WindowTables(HeapKeyedStateBackend<K> backend, long length, ContentsState state, int maxParallelism,
            ElementKey<K> elementKey) {
        this.elementKey = elementKey;
        this.length = length;
        this.keyedState = new TablesInKeyedState<>(backend, length, state, maxParallelism);
    }

    /**
     * Finds an element's key once for all the windows of length {@code length} sliding by
     * {@code slide} it belongs to, through a {@link KeyWindowIndex}, rather than in each window's
     * table; while the open windows span at most what its rings hold.
     */
    void findKeysOncePerElement(long slide, Accumulator<?, Object> accumulator, boolean firstMayWait) {
        keyIndex = new KeyWindowIndex(slide, longKeys, accumulator);
        this.slide = slide;
        this.indexAccumulator = accumulator;
        this.firstMayWait = firstMayWait;
        this.recurrence = new KeyRecurrence((length + slide - 1) / slide);
    }

    /**
     * The tables keep the accumulators of {@code accumulator} flat ({@link FlatAccumulators}) if the
     * first one made or restored is a {@code long[]} or {@code double[]}: where tables hold their
     * accumulators themselves (tumbling windows; sliding windows' tables opened while no key index
     * holds them, clipped ones, and all of them once the index is given up).
     */
    void keepAccumulatorsFlat(Accumulator<?, Object> accumulator) {
        flatAccumulator = accumulator;
    }

    /**
     * The first accumulator a table holds, {@code sample}, chooses how tables keep accumulators: every
     * open table that holds none yet and every one opened later keep them flat if they can be (those
     * that took accumulators from a key index given up keep objects).
     */
    @SuppressWarnings("unchecked")
    private void chooseLayout(Object sample) {
        layoutChosen = true;
        if (flatAccumulator != null) {
            flatLayout = FlatAccumulators.forSample((Accumulator<Object, Object>) flatAccumulator, sample, 0);
        }
        for (int t = 0; flatLayout != null && t < count; t++) {
            if (holdsOwnAccumulators(tables[t]) && tables[t].size() == 0) {
                tables[t].keepFlat(flatLayout);
            }
        }
    }

    /** Whether {@code table} holds its accumulators, rather than the key index its keys' rings. */
    private boolean holdsOwnAccumulators(WindowTable table) {
        return keyIndex == null || isClipped(table.window());
    }

    /** An accumulator that cannot be flat came: every table keeps objects from now on. */
    private void keepObjects() {
        flatLayout = null;
        for (int t = 0; t < count; t++) {
            tables[t].keepObjects();
        }
    }

    /** A new element's key has been read: it is looked up (once) when it reaches its first window. */
    void startElement() {
        elementSlot = -1;
    }

    /** Whether {@code window} is clipped at an end of time, where windows share a start or an end. */
    static boolean isClipped(TimeWindow window) {
        return window.start() == Long.MIN_VALUE || window.end() == Long.MAX_VALUE;
    }

    int count() {
        return count;
    }

    WindowTable get(int index) {
        return tables[index];
    }

    /**
     * The table of window {@code [start, end)}, opened if there is none. Tables are ordered by start,
     * then end: several windows clipped at the bottom of time share the start {@code Long.MIN_VALUE}.
     *
     * @param firedUpTo a table opened now whose window ends at or before this counts as fired
     */
    WindowTable table(long start, long end, long firedUpTo) {
        WindowTable cached = last;
        if (cached != null && cached.window().start() == start && cached.window().end() == end) {
            return cached;
        }
        // an element's sliding windows, latest first, are the tables before the last one found
        int before = lastIndex - 1;
        if (before >= 0 && before < count && tables[before].window().start() == start
                && tables[before].window().end() == end) {
            lastIndex = before;
            return last = tables[before];
        }
        int i = count - 1;
        while (i >= 0 && isAfter(tables[i].window(), start, end)) {
            i--;
        }
        if (i >= 0 && tables[i].window().start() == start && tables[i].window().end() == end) {
            lastIndex = i;
            return last = tables[i];
        }
        // Sized for the keys of the last window that closed, or of the latest open one if more: before
        // the first window closes, several may open (the watermark lags), and each would grow from nothing.
        int expected = count == 0 ? expectedKeys : Math.max(expectedKeys, tables[count - 1].size());
        WindowTable spare = this.spare;
        this.spare = null;
        WindowTable opened = spare != null && spare.reusableFor(longKeys) ? spare.reuse(new TimeWindow(start, end))
                : new WindowTable(new TimeWindow(start, end), expected, longKeys);
        if (flatLayout == null || !holdsOwnAccumulators(opened)) {
            opened.keepObjects(); // a spare kept them flat before they went back to objects, or the rings hold them
        } else if (opened.flat() == null) {
            opened.keepFlat(flatLayout);
        }
        if (opened.window().maxTimestamp() <= firedUpTo) {
            opened.markFired();
        }
        if (count == tables.length) {
            tables = Arrays.copyOf(tables, count * 2);
        }
        System.arraycopy(tables, i + 1, tables, i + 2, count - i - 1);
        tables[i + 1] = opened;
        count++;
        if (keyIndex != null && !isClipped(opened.window())) {
            opened.setRingIndex(keyIndex.windowIndex(start));
            reserveRings();
            if (keyIndex != null) {
                keyIndex.opened(opened);
            }
        }
        lastIndex = i + 1;
        return last = opened;
    }

    /** Makes every key's ring hold all open windows that are not clipped; past what a ring may hold, stops using rings. */
    private void reserveRings() {
        long first = Long.MAX_VALUE;
        long latest = Long.MIN_VALUE;
        for (int t = 0; t < count; t++) {
            if (!isClipped(tables[t].window())) {
                long window = tables[t].ringIndex();
                first = Math.min(first, window);
                latest = Math.max(latest, window);
            }
        }
        if (first <= latest && !keyIndex.reserve(first, latest, this)) {
            keyIndex = null; // tables without an index build theirs at their next lookup, and hold their accumulators
        }
    }

    private static boolean isAfter(TimeWindow window, long start, long end) {
        return window.start() > start || window.start() == start && window.end() > end;
    }

    /**
     * Adds {@code value} to the accumulator of its key (the one the operator's element key has read)
     * in {@code table}, creating it (as the latest arrival of all tables) if the key is new there.
     *
     * @return the key's position in the table; where the key index holds the key already, only if the
     *     table has fired (a late element then fires the key again), else -1
     */
    <IN> int accumulate(WindowTable table, IN value, Accumulator<IN, Object> accumulator) throws Exception {
        ElementKey<K> key = elementKey;
        if (longKeys && !key.unboxed()) {
            useObjectKeys(key.key());
        }
        if (keyIndex != null && !isClipped(table.window())) {
            return accumulateAtSlot(table, value, accumulator, false);
        }
        int position = key.unboxed() ? table.findLong(key.longKey(), key.hash()) : table.find(key.key(), key.hash());
        if (keysRarelyRecur) {
            recurrence.lookup(position >= 0);
        }
        FlatAccumulators flat = table.flat();
        if (flat != null) {
            return accumulateFlat(table, flat, position, value, accumulator);
        }
        if (position < 0) {
            Object first = layoutChosen ? accumulator.first(value) : accumulator.firstNow(value);
            if (!layoutChosen) {
                chooseLayout(first); // the first accumulator of all
            }
            return key.unboxed() ? table.addLong(key.longKey(), key.hash(), first, arrivals++, key.key())
                    : table.add(key.key(), key.hash(), first, arrivals++);
        }
        Object acc = table.valueAt(position);
        Object updated = accumulator.add(value, acc);
        if (updated != acc) {
            table.setValueAt(position, updated); // most aggregates change their accumulator in place
        }
        return position;
    }

    /**
     * {@link #accumulate} into a table that keeps its accumulators flat: a new key's accumulator is
     * made, added to and copied into the table without an object the collector sees (it is passed
     * to no call that is not inlined).
     */
    private <IN> int accumulateFlat(WindowTable table, FlatAccumulators flat, int position, IN value,
            Accumulator<IN, Object> accumulator) throws Exception {
        ElementKey<K> key = elementKey;
        Object refused;
        if (position < 0) {
            Object made = accumulator.firstNow(value); // before the key is added: an exception adds nothing
            position = key.unboxed() ? table.addLong(key.longKey(), key.hash(), null, arrivals++, key.key())
                    : table.add(key.key(), key.hash(), null, arrivals++);
            refused = flat.store(position, made) ? null : made;
        } else {
            refused = flat.add(position, value);
        }
        if (refused != null) {
            keepObjects();
            table.setValueAt(position, refused);
        }
        return position;
    }

    /**
     * Whether an element's key is found once for all its windows: {@link #accumulateInWindows}
     * applies to elements whose windows are not clipped.
     */
    boolean findsKeysOncePerElement() {
        return keyIndex != null;
    }

    /**
     * Adds {@code value} to its key's accumulators (the operator's element key's) in {@code count}
     * consecutive windows of length {@code length} sliding by {@code slide}, none of them clipped,
     * latest first, the latest starting at {@code latestStart}; opens the tables that are missing.
     * Each window that has fired already (it ends by {@code firedUpTo}) is handed to {@code fired}
     * with the key's position and {@code time}, after the value was added.
     */
    <IN> void accumulateInWindows(long latestStart, long slide, int count, IN value, Accumulator<IN, Object> accumulator,
            long firedUpTo, long time, FiredWindow fired) throws Exception {
        ElementKey<K> key = elementKey;
        if (longKeys && !key.unboxed()) {
            useObjectKeys(key.key());
        }
        findElementSlot();
        long latest = keyIndex == null ? 0 : keyIndex.windowIndex(latestStart); // the k-th window is latest - k
        int heldFrom = count; // the windows [heldFrom, heldTo) hold the key's accumulators: added to in one pass
        int heldTo = count;
        long before = latest - 1; // the window before the element's latest, unless all its unfired windows hold the key
        if (keyIndex != null) {
            int unfired = count; // the windows that have not fired are the latest ones: mostly all
            while (unfired > 0 && latestStart - (unfired - 1) * slide + length - 1 <= firedUpTo) {
                unfired--;
            }
            if (unfired > 0 && keyIndex.holdsAll(elementSlot, latest, unfired)) {
                heldFrom = 0; // the common case
                heldTo = unfired;
                before = latest - unfired - 1;
            } else if (unfired > 1 && keyIndex.cell(elementSlot, latest - unfired + 1) >= 0) {
                // the earliest holds the key: mostly all but the latest few do, which are new to it (where a
                // slide begins, or the key is back after a while)
                int fresh = 0;
                while (fresh < unfired && keyIndex.cell(elementSlot, latest - fresh) < 0) {
                    fresh++;
                }
                if (fresh > 0 && fresh < unfired && keyIndex.holdsAll(elementSlot, latest - fresh, unfired - fresh)) {
                    heldFrom = fresh;
                    heldTo = unfired;
                }
            }
            if (heldTo > heldFrom) {
                keyIndex.addToAll(elementSlot, latest - heldFrom, heldTo - heldFrom, value); // one pass
            }
            recurrence.element(heldTo > heldFrom);
        }
        // A key that the window before the element's latest does not hold is rare: its element is likely
        // alone in each of its windows, where it waits rather than make an accumulator in each. (A key
        // with more elements per window makes them at once, as its next element would need them.)
        boolean rare = firstMayWait && keyIndex != null && (heldFrom > 0 || heldTo < count)
                && keyIndex.cell(elementSlot, before) < 0;
        // the other windows: new to the key, fired, or all of them without rings
        for (int k = heldFrom == 0 ? heldTo : 0; k < count; k = k + 1 == heldFrom ? heldTo : k + 1) {
            long start = latestStart - k * slide;
            long window = latest - k;
            WindowTable table = keyIndex == null ? null : keyIndex.tableOf(window);
            if (table == null) {
                table = table(start, start + length, firedUpTo);
            }
            int position = keyIndex != null ? accumulateAtSlot(table, value, accumulator, rare)
                    : accumulate(table, value, accumulator);
            if (table.fired()) {
                fired.emit(table, position, time);
            }
        }
    }

    /**
     * Finds the slot of the element's key, once per element; with too many keys for rings, gives
     * them up.
     */
    private void findElementSlot() {
        if (elementSlot < 0 && keyIndex != null) {
            elementSlot = keyIndex.slotOf(elementKey);
            if (elementSlot < 0) {
                dropKeyIndex();
            }
        }
    }

    /**
     * Too many keys for rings, or keys too rarely back for them: each table finds keys by its own
     * index from now on, and holds their accumulators.
     */
    private void dropKeyIndex() {
        keyIndex.writeBack(this);
        keyIndex = null;
    }

    /** A window that fired already, within the allowed lateness, and whose key at {@code position} has a new element. */
    @FunctionalInterface
    interface FiredWindow {
        void emit(WindowTable table, int position, long time) throws Exception;
    }

    /**
     * {@link #accumulate} through the key index: the element's key is looked up once for all its
     * windows.
     *
     * @param firstWaits whether, in a window new to the key, the element waits to be added until an
     *     accumulator is needed there ({@link KeyWindowIndex#putFirst})
     */
    private <IN> int accumulateAtSlot(WindowTable table, IN value, Accumulator<IN, Object> accumulator,
            boolean firstWaits) throws Exception {
        ElementKey<K> key = elementKey;
        findElementSlot();
        if (keyIndex == null) {
            return accumulate(table, value, accumulator);
        }
        long window = table.ringIndex();
        int cell = keyIndex.cell(elementSlot, window);
        if (cell < 0) {
            // the ring holds the value, and mostly the directory the key
            int position = table.addAtSlot(key.key(), key.longKey(), null, arrivals++, elementSlot, keyIndex.keys());
            keyIndex.putFirst(elementSlot, window, value, firstWaits);
            return position;
        }
        keyIndex.addAt(cell, value);
        return table.fired() ? table.positionOfSlot(elementSlot) : -1; // the position matters to a refiring alone
    }

    /**
     * The accumulator of the key at {@code position} of {@code table}: in its ring, if it has one,
     * else in the table.
     *
     * @param last whether {@code table} is removed before anything reads it again (it fires and is
     *     cleaned up at once)
     */
    Object valueAt(WindowTable table, int position, boolean last) {
        int slot = ringSlotAt(table, position);
        return slot >= 0 ? keyIndex.valueOf(slot, table.ringIndex(), !last) : table.valueAt(position);
    }

    /**
     * What the window function gets for the key at {@code position} of {@code table}:
     * {@code accumulator.input} of its accumulator ({@link #valueAt}), called apart for each place
     * an accumulator may be, so that the copy of a flat one, made for the result alone, meets no
     * other object on its way (where it does, the JIT must allocate it).
     */
    Iterable<?> input(WindowTable table, int position, boolean last, Accumulator<?, Object> accumulator,
            OneResult<Object> one) throws Exception {
        int slot = ringSlotAt(table, position);
        if (slot >= 0) {
            return accumulator.input(keyIndex.valueOf(slot, table.ringIndex(), !last), one);
        }
        FlatAccumulators flat = table.flat();
        return flat != null ? accumulator.input(flat.copyOf(position), one)
                : accumulator.input(table.valueAt(position), one);
    }

    /** The slot whose ring holds the accumulator of the key at {@code position} of {@code table}; -1 if the table holds it. */
    private int ringSlotAt(WindowTable table, int position) {
        return keyIndex == null || isClipped(table.window()) ? -1 : table.slotAt(position);
    }

    /** Adds {@code key}, which the table does not hold, as the latest arrival of all tables. */
    int add(WindowTable table, Object key, int hash, Object value) {
        if (longKeys && !(key instanceof Long)) {
            useObjectKeys(key);
        }
        if (!layoutChosen) {
            chooseLayout(value);
        } else if (table.flat() != null && !table.flat().holds(value)) {
            keepObjects();
        }
        return table.add(key, hash, value, arrivals++);
    }

    /** Whether the tables keep {@code long} keys: every key so far was a {@code Long}. */
    boolean longKeys() {
        return longKeys;
    }

    /** For {@code key}, which is not a {@code Long}: every table keeps object keys from now on, and so does every new one. */
    private void useObjectKeys(Object key) {
        elementKey.stopUnboxing(key);
        for (int t = 0; t < count; t++) {
            tables[t].boxKeys();
        }
        if (keyIndex != null) {
            keyIndex.boxKeys();
        }
        longKeys = false;
    }

    /** Drops the first table; the next one opened is sized for its keys. */
    void removeFirst() {
        WindowTable removed = tables[0];
        expectedKeys = removed.size();
        if (last == removed) {
            last = null;
        }
        System.arraycopy(tables, 1, tables, 0, --count);
        tables[count] = null;
        if (keyIndex != null && recurrence.indexDoesNotPay()) {
            dropKeyIndex(); // the removed table's cells go with the index
            keysRarelyRecur = true;
        } else if (keyIndex != null && !keyIndex.removed(removed, this)) {
            keyIndex = null;
        } else if (keysRarelyRecur && recurrence.indexPaysAgain()) {
            takeUpKeyIndex();
        }
        spare = removed; // the next window opened reuses its arrays
    }

    /**
     * Keys recur again, after the key index was given up for keys that did not: a new index lays
     * out the keys of every open table that is not clipped, and takes their accumulators. If the
     * open windows span more than a ring holds, or there are too many keys, the tables go on finding
     * keys on their own from now on, as when an index in use meets either.
     */
    private void takeUpKeyIndex() {
        KeyWindowIndex index = new KeyWindowIndex(slide, longKeys, indexAccumulator);
        long first = Long.MAX_VALUE;
        long latest = Long.MIN_VALUE;
        for (int t = 0; t < count; t++) {
            WindowTable table = tables[t];
            if (!isClipped(table.window())) {
                table.forgetSlots(); // of the index given up
                table.setRingIndex(index.windowIndex(table.window().start()));
                first = Math.min(first, table.ringIndex());
                latest = Math.max(latest, table.ringIndex());
            }
        }
        if (first > latest || index.layOut(first, latest, this)) {
            keyIndex = index;
        }
        keysRarelyRecur = false;
    }

    /** How many keys all tables hold together. */
    int entries() {
        int entries = 0;
        for (int t = 0; t < count; t++) {
            entries += tables[t].size();
        }
        return entries;
    }

    /**
     * Runs {@code snapshot} while every table is also in keyed state, under (key, the table's window),
     * so that the snapshot of keyed state holds them; empties that state again after.
     */
    void whileInKeyedState(SnapshotAction snapshot) throws Exception {
        keyedState.whileHolding(this, snapshot);
    }

    /**
     * Rebuilds the tables from the keyed state a restore filled, then empties it; the key index, if
     * any, gives the restored keys their slots.
     *
     * @throws IllegalStateException if a restored window is not of this operator's length (the
     *     program changed its window size)
     */
    void readFromKeyedState(long firedUpTo) {
        keyedState.readInto(this, firedUpTo);
        if (keyIndex != null && !keyIndex.rebuild(this, false, keyIndex.ringBits())) {
            keyIndex = null; // too many for rings
        }
    }
}
