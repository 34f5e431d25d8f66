package dev.tidemark.runtime.operators.window;

import java.util.Arrays;

/**
 * Where each key is in each open sliding window: a key is looked up once per element, for all the
 * windows the element belongs to, rather than once in each window's table. A directory gives each
 * key a slot; each slot has a ring of cells, one per open window (a window's cell is its index
 * {@code floorDiv(start, slide)} modulo the ring's size), holding the key's accumulator in that
 * window, and a bit per cell says whether the window holds the key (a window's {@link WindowTable}
 * maps slots to its positions only if it needs them: {@link WindowTable#positionOfSlot}). A key's
 * cells lie side by side, so an element's windows are found in a few cache lines, and the tables
 * need no hash index of their own, nor keys: they read them in the directory by slot. The rings alone hold the accumulators of
 * the keys they have slots for (their tables hold {@code null} there), so an update that returns a
 * new accumulator is one store. A window's cells are emptied when it is cleaned up, so its
 * accumulators go with it.
 *
 * <p>A rare key's first element in a window (the operator decides which keys are rare,
 * {@link #putFirst}) waits in its cell, and a second bit says so ({@link CellBits}), until the
 * window needs an accumulator: the key's next element there, the window's firing, a snapshot or a
 * relayout of the rings. An element alone in its windows so keeps no accumulator in each of them
 * between its arrival and their firing, only itself, once; its accumulators are made as its windows
 * fire, and are mostly garbage at once. Each accumulator still gets the same calls in the same
 * order, only later.
 *
 * <p>The ring is as large as the span of open windows (from the first not yet cleaned up to the
 * latest), and grows when that span does. A slot whose key is in no open window stays in the
 * directory (a key that comes back finds it again) until dead slots outnumber live ones; then the
 * directory is rebuilt of the live ones and the tables are told their keys' new slots. The rebuild
 * keeps the arrays (and a directory as large as the old one) unless far fewer keys are live: keys
 * that each return every few windows would otherwise regrow them after every rebuild.
 *
 * <p>An aggregate whose accumulators are {@code long[]} or {@code double[]} of one length has them
 * kept flat, as their contents side by side ({@link FlatAccumulators}), from the first accumulator
 * the index takes: a key's accumulators in its windows are then adjacent words, and no element
 * waits (a flat accumulator made at once leaves no object behind, where a waiting element stays as
 * long as its last window: with 20 windows per element and more, waiting cost 1.2-1.6x).
 *
 * <p>Clipped windows (at the ends of time, where several windows share a start or an end) are not
 * kept here: their tables find keys by their own index.
 *
 * <p>Threading: the owning task's thread only.
 */
final class KeyWindowIndex {

    private static final long NO_WINDOW = Long.MIN_VALUE; // the window of a clipped table: no window index is this
    static final int MAX_SPAN = 256; // open windows a ring may hold: 2 KB per key
    private static final long MAX_CELLS = 1L << 27; // 1 GB of rings; past it the tables' own indexes cost less

    private final long slide;
    private final Accumulator<Object, Object> accumulator; // makes the accumulator of an element that waits
    private long lastStart; // the last start windowIndex was asked for, and its index
    private long lastIndex;
    private WindowTable directory; // key -> slot (its position); its values are unused
    private int[] open = new int[16]; // per slot: how many open windows hold its key
    private int live; // slots whose key is in an open window
    private int ringBits = 2;
    private long firstReserved = 1; // the windows every ring has room for, as the last reserve gave them: none yet
    private long latestReserved = 0;
    private final CellBits bits = new CellBits(16, 2); // per cell: whether its window holds the key, whether an element waits
    private Object[] cellValues = new Object[16 << 2]; // -> its accumulator there, kept nowhere else; null while flat
    private boolean layoutChosen; // whether the first accumulator has chosen between flat accumulators and objects
    private FlatAccumulators flat; // the accumulators, if they are flat
    private WindowTable[] tablesByWindow = new WindowTable[1 << 2]; // open tables at (window & mask)

    /**
     * @param longKeys whether keys are {@code long}s, as the operator's tables keep them
     * @param accumulator the windows' accumulator, which adds a waiting element when its cell needs one
     */
    @SuppressWarnings("unchecked")
    KeyWindowIndex(long slide, boolean longKeys, Accumulator<?, Object> accumulator) {
        this.slide = slide;
        this.accumulator = (Accumulator<Object, Object>) accumulator;
        this.directory = new WindowTable(null, 16, longKeys);
    }

    /** The index of the window starting at {@code start}: consecutive windows have consecutive indexes. */
    long windowIndex(long start) {
        if (start != lastStart) { // consecutive elements mostly share their latest window: one division for all
            lastIndex = Math.floorDiv(start, slide);
            lastStart = start;
        }
        return lastIndex;
    }

    /** The open table of window {@code window} (an index, as {@link #windowIndex} gives it), or null. */
    WindowTable tableOf(long window) {
        WindowTable table = tablesByWindow[(int) (window & (tablesByWindow.length - 1))];
        return table != null && table.ringIndex() == window ? table : null;
    }

    /** {@code table}, of a window that is not clipped, has opened: {@link #tableOf} finds it. */
    void opened(WindowTable table) {
        tablesByWindow[(int) (table.ringIndex() & (tablesByWindow.length - 1))] = table;
    }

    /**
     * The slot of {@code key}, given one if it has none; -1 if the rings would grow past what they
     * may take: the tables must find keys by their own indexes from now on.
     */
    int slotOf(ElementKey<?> key) {
        int slot = key.unboxed() ? directory.findLong(key.longKey(), key.hash()) : directory.find(key.key(), key.hash());
        if (slot < 0) {
            if ((long) (directory.size() + 1) << ringBits > MAX_CELLS) {
                return -1;
            }
            slot = key.unboxed() ? directory.addLong(key.longKey(), key.hash(), null, 0, key.key())
                    : directory.add(key.key(), key.hash(), null, 0);
            ensureSlots(slot + 1);
        }
        return slot;
    }

    /** How many cells the rings have: one per slot and ring position. */
    private int cells() {
        return open.length << ringBits;
    }

    /** log2 of a ring's cells. */
    int ringBits() {
        return ringBits;
    }

    /**
     * The keys by slot, as a table whose position is the slot: tables filled through this index
     * read their keys there ({@link WindowTable#addAtSlot}). For {@code long} keys, one box per slot,
     * shared by all its windows.
     */
    WindowTable keys() {
        return directory;
    }

    /** The slot of the key at {@code position} of {@code table}, given one if it has none; -1 as {@link #slotOf}. */
    private int slotOfKeyAt(WindowTable table, int position) {
        int hash = table.hashAt(position);
        int slot = directory.findKeyOf(table, position, hash);
        if (slot < 0) {
            if ((long) (directory.size() + 1) << ringBits > MAX_CELLS) {
                return -1;
            }
            slot = directory.addKeyOf(table, position, hash, null, 0);
            ensureSlots(slot + 1);
        }
        return slot;
    }

    private void ensureSlots(int slots) {
        if (slots > open.length) {
            int length = (int) Math.min(Math.max(slots, open.length * 2L), MAX_CELLS >> ringBits);
            if (flat != null && !flat.fits((long) length << ringBits)) {
                toObjects();
            }
            open = Arrays.copyOf(open, length);
            bits.grow(length);
            if (cellValues != null) {
                cellValues = Arrays.copyOf(cellValues, length << ringBits);
            }
            if (flat != null) {
                flat.grow(length << ringBits);
            }
        }
    }

    /**
     * The cell of the key at {@code slot} for window {@code window}, an open window's index, or -1 if
     * the window does not hold the key.
     */
    int cell(int slot, long window) {
        if (window < firstReserved || window > latestReserved) {
            return -1; // a window outside them may share its cell with an open one
        }
        int ringCell = (int) (window & ((1 << ringBits) - 1));
        if (!bits.holds(slot, ringCell)) {
            return -1;
        }
        return (slot << ringBits) + ringCell; // the only open window of its ring position: the ring spans every open window
    }

    /**
     * Whether the windows from index {@code latestWindow - count + 1} to {@code latestWindow} all
     * hold an accumulator of the key at {@code slot}: all hold the key, and in none does its first
     * element wait.
     */
    boolean holdsAll(int slot, long latestWindow, int count) {
        long earliest = latestWindow - count + 1;
        if (earliest < firstReserved || latestWindow > latestReserved) {
            return false;
        }
        int mask = (1 << ringBits) - 1;
        return bits.allHoldNoneWaits(slot, (int) (earliest & mask), (int) (latestWindow & mask), ringBits);
    }

    /**
     * Adds {@code value} to the key's accumulators in the windows from index {@code latestWindow}
     * down, {@code count} of them, which all hold one ({@link #holdsAll}).
     */
    void addToAll(int slot, long latestWindow, int count, Object value) throws Exception {
        int base = slot << ringBits;
        int mask = (1 << ringBits) - 1;
        for (long window = latestWindow; window > latestWindow - count; window--) {
            int cell = base + (int) (window & mask);
            if (flat != null) {
                addFlat(cell, value);
            } else {
                add(cell, value, cellValues[cell]);
            }
        }
    }

    /** Adds {@code value} to the accumulator in {@code cell}, a {@link #cell} of a window that holds the key. */
    void addAt(int cell, Object value) throws Exception {
        makeAccumulator(cell); // the element waiting there first
        if (flat != null) {
            addFlat(cell, value);
        } else {
            add(cell, value, cellValues[cell]);
        }
    }

    private void addFlat(int cell, Object value) throws Exception {
        Object refused = flat.add(cell, value);
        if (refused != null) {
            toObjects();
            cellValues[cell] = refused;
        }
    }

    private void add(int cell, Object value, Object acc) throws Exception {
        Object updated = accumulator.add(value, acc);
        if (updated != acc) {
            cellValues[cell] = updated; // most aggregates change their accumulator in place: no store
        }
    }

    /**
     * The accumulator of the key at {@code slot} in the open window {@code window}, which holds it.
     *
     * @param keep false if the window is dropped before its cells are read again: an accumulator made
     *     of a waiting element need not be kept
     */
    Object valueOf(int slot, long window, boolean keep) {
        return accumulatorAt((slot << ringBits) + (int) (window & ((1 << ringBits) - 1)), keep);
    }

    /**
     * The accumulator in {@code cell}, made first if the key's first element waits there; kept there
     * if {@code keep}. (Not keeping it saves a reference store into the long-lived ring, which the
     * collector's write barrier makes dear.)
     */
    private Object accumulatorAt(int cell, boolean keep) {
        if (bits.waits(cell >>> ringBits, cell & ((1 << ringBits) - 1))) {
            if (!keep) {
                return accumulator.firstNow(cellValues[cell]);
            }
            makeAccumulator(cell);
        }
        return flat != null ? flat.copyOf(cell) : cellValues[cell];
    }

    /** If an element waits in {@code cell}, makes its accumulator there. */
    private void makeAccumulator(int cell) {
        int slot = cell >>> ringBits;
        int ringCell = cell & ((1 << ringBits) - 1);
        if (bits.waits(slot, ringCell)) {
            Object acc = accumulator.firstNow(cellValues[cell]);
            cellValues[cell] = null;
            bits.clearWaits(slot, ringCell); // only once the user's function made it
            setAccumulator(cell, acc);
        }
    }

    /** Keeps {@code acc} as the accumulator in {@code cell}: flat, unless it cannot be. */
    private void setAccumulator(int cell, Object acc) {
        if (flat != null && !flat.store(cell, acc)) {
            toObjects();
        }
        if (flat == null) {
            cellValues[cell] = acc;
        }
    }

    /**
     * Hands every accumulator in the rings, and every key in the directory, back to its table: before
     * the rings are laid out again, and for tables that go on without them.
     */
    void writeBack(WindowTables<?> tables) {
        writeBack(tables, false);
    }

    /** {@link #writeBack}; with {@code keysStay}, the tables go on reading their keys in the directory, which stays as it is. */
    private void writeBack(WindowTables<?> tables, boolean keysStay) {
        for (int t = 0; t < tables.count(); t++) {
            WindowTable table = tables.get(t);
            if (WindowTables.isClipped(table.window())) {
                continue;
            }
            if (!keysStay) {
                table.takeKeys(); // the directory may be emptied next
            }
            for (int position = 0; position < table.size(); position++) {
                int slot = table.slotAt(position);
                if (slot >= 0) {
                    table.setValueAt(position, valueOf(slot, table.ringIndex(), true));
                }
            }
        }
    }

    /**
     * The key at {@code slot}, which window {@code window} did not hold, has been added to its
     * table, with its first element {@code element}: if {@code waits}, the element waits there to
     * be added until an accumulator is needed; otherwise the accumulator is made now.
     */
    void putFirst(int slot, long window, Object element, boolean waits) {
        if (waits && layoutChosen && flat == null) { // a flat accumulator leaves no object; a waiting element stays
            cellValues[hold(slot, window)] = element;
            bits.setWaits(slot, (int) (window & ((1 << ringBits) - 1)));
        } else if (flat != null) {
            Object made = accumulator.firstNow(element); // before the cell is held: an exception holds nothing
            int cell = hold(slot, window);
            if (!flat.store(cell, made)) {
                toObjects();
                cellValues[cell] = made;
            }
        } else { // the first accumulator chooses the layout (put): made at once
            put(slot, window, layoutChosen ? accumulator.first(element) : accumulator.firstNow(element));
        }
    }

    /**
     * The key at {@code slot} has been added to window {@code window}'s table, with the accumulator
     * {@code value}, which it had not reached. The first accumulator put chooses whether
     * they are flat.
     */
    void put(int slot, long window, Object value) {
        int cell = hold(slot, window);
        if (!layoutChosen) {
            layoutChosen = true;
            flat = FlatAccumulators.forSample(accumulator, value, cells());
            if (flat != null && !flat.fits(cells())) {
                flat = null;
            }
            if (flat != null) {
                cellValues = null; // a window's cleanup then writes no reference per key either
            }
        }
        setAccumulator(cell, value);
    }

    /** Marks the window {@code window} as holding the key at {@code slot}; its cell. */
    private int hold(int slot, long window) {
        int ringCell = (int) (window & ((1 << ringBits) - 1));
        bits.setHolds(slot, ringCell);
        int cell = (slot << ringBits) + ringCell;
        if (open[slot]++ == 0) {
            live++;
        }
        return cell;
    }

    /**
     * The aggregate made an accumulator that cannot be flat: every cell's accumulator becomes an
     * object again, for good.
     */
    private void toObjects() {
        FlatAccumulators contents = flat;
        flat = null;
        cellValues = new Object[cells()];
        for (int slot = 0; slot < open.length; slot++) {
            for (int ringCell = 0; open[slot] > 0 && ringCell < 1 << ringBits; ringCell++) {
                if (bits.holds(slot, ringCell) && !bits.waits(slot, ringCell)) { // a waiting element stays
                    int cell = (slot << ringBits) + ringCell;
                    cellValues[cell] = contents.copyOf(cell);
                }
            }
        }
    }

    /**
     * Makes room in every key's ring for the open windows from index {@code first} to
     * {@code latest}, laying the keys out again if the ring grows.
     *
     * @return false if that span is wider than a ring may be: the tables must find keys by their
     *     own indexes from now on
     */
    boolean reserve(long first, long latest, WindowTables<?> tables) {
        long span = latest - first + 1;
        if (span > 1 << ringBits) {
            if (span > MAX_SPAN || (long) open.length * Long.highestOneBit(span - 1) * 2 > MAX_CELLS) {
                writeBack(tables);
                return false;
            }
            if (!rebuild(tables, false, ringBitsFor(span, ringBits))) {
                return false;
            }
        }
        firstReserved = first;
        latestReserved = latest;
        return true;
    }

    /**
     * Lays out the keys of every open table that is not clipped, filled without an index, in rings
     * that hold the windows from index {@code first} to {@code latest}, and takes their accumulators.
     *
     * @return false if that span is wider than a ring may be, or the keys do not fit in rings: the
     *     tables keep their accumulators and go on without this index
     */
    boolean layOut(long first, long latest, WindowTables<?> tables) {
        long span = latest - first + 1;
        if (span > MAX_SPAN || !rebuild(tables, true, ringBitsFor(span, 2))) {
            return false;
        }
        firstReserved = first;
        latestReserved = latest;
        return true;
    }

    /** log2 of the smallest ring of at least {@code 2^atLeast} cells that holds {@code span} windows. */
    private static int ringBitsFor(long span, int atLeast) {
        int bits = atLeast;
        while (1L << bits < span) {
            bits++;
        }
        return bits;
    }

    /**
     * {@code table}, a window's, is dropped: its keys have one open window fewer, and its cells are
     * emptied.
     *
     * @return false if the directory, rebuilt for fewer keys, could not take them: the tables hold
     *     their accumulators and must go on without rings
     */
    boolean removed(WindowTable table, WindowTables<?> tables) {
        long window = WindowTables.isClipped(table.window()) ? NO_WINDOW : table.ringIndex();
        int ringCell = (int) (window & ((1 << ringBits) - 1));
        if (window != NO_WINDOW && tablesByWindow[ringCell] == table) {
            tablesByWindow[ringCell] = null;
        }
        for (int position = 0; position < table.size(); position++) {
            int slot = table.slotAt(position);
            if (slot < 0) {
                continue;
            }
            if (window != NO_WINDOW) { // a clipped table's keys have no cell
                bits.clear(slot, ringCell);
                if (cellValues != null) {
                    cellValues[(slot << ringBits) + ringCell] = null; // the accumulator goes with its window
                }
            }
            if (--open[slot] == 0) {
                live--;
            }
        }
        if (directory.size() > 1024 && directory.size() > 2 * live) {
            return rebuild(tables, true, ringBits); // fewer keys than before: they fit
        }
        return true;
    }

    private static void takeKeys(WindowTables<?> tables) {
        for (int t = 0; t < tables.count(); t++) {
            tables.get(t).takeKeys();
        }
    }

    /** Boxes the directory's keys, as the tables box theirs when a key of another type comes. */
    void boxKeys() {
        directory.boxKeys();
    }

    /**
     * Lays the keys of every open table that is not clipped out again, in rings of
     * {@code 2^ringBits} cells: after the ring grew, after a restore filled the tables, or, with
     * {@code compact}, into a new directory of only the keys still in an open window.
     *
     * @return false if the keys do not fit in rings (see {@link #slotOf}): the tables then hold
     *     every accumulator
     */
    boolean rebuild(WindowTables<?> tables, boolean compact, int ringBits) {
        // the tables hold every accumulator until the rings have taken them all; the keys and their slots
        // stay unless the directory is made anew
        writeBack(tables, !compact);
        this.ringBits = ringBits;
        int slots = open.length;
        if (compact) {
            boolean fewer = slots > 16 && 4L * live < slots; // far fewer keys than the arrays hold: give the memory back
            if (fewer) {
                slots = Math.max(16, 2 * live);
            }
            if (fewer || !directory.reusableFor(tables.longKeys())) {
                directory = new WindowTable(null, fewer ? slots : Math.max(16, directory.size()), tables.longKeys());
            } else {
                // as large as before, in the same arrays: keys that left mostly come back, or new ones take
                // their places, and a new directory would grow back step by step, copying as it went
                directory = directory.reuse(null);
            }
        }
        if (slots == open.length) {
            Arrays.fill(open, 0);
        } else {
            open = new int[slots];
        }
        int cells = slots << ringBits;
        if (flat != null && !flat.fits(cells)) {
            flat = null; // the tables hold every accumulator, as objects: the rings take them so
        } else if (flat != null) {
            flat.reset(cells);
        }
        bits.reset(slots, ringBits); // a cell is read only where its bit is set; writeBack made every waiting accumulator
        if (flat != null) {
            cellValues = null;
        } else if (cellValues != null && cellValues.length == cells) {
            Arrays.fill(cellValues, null);
        } else {
            cellValues = new Object[cells];
        }
        live = 0;
        tablesByWindow = new WindowTable[1 << ringBits];
        for (int t = 0; t < tables.count(); t++) {
            WindowTable table = tables.get(t);
            if (WindowTables.isClipped(table.window())) {
                continue;
            }
            opened(table);
            long window = table.ringIndex();
            for (int position = 0; position < table.size(); position++) {
                int slot = compact || table.slotAt(position) < 0 ? slotOfKeyAt(table, position) : table.slotAt(position);
                if (slot < 0) {
                    takeKeys(tables); // the tables go on without the index
                    return false;
                }
                table.setSlotAt(position, slot);
                put(slot, window, table.valueAt(position));
            }
        }
        for (int t = 0; t < tables.count(); t++) {
            if (!WindowTables.isClipped(tables.get(t).window())) {
                tables.get(t).dropValues(); // the rings hold them
            }
        }
        return true;
    }
}
