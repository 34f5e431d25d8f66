package dev.tidemark.runtime.operators.window;

/**
 * Whether a {@link KeyWindowIndex} pays for itself with few windows per element: how often an
 * element's key is already in one of its windows. The index finds a key once for all its windows
 * and keeps it between them; a key seen once per element, that no open window holds (one element
 * per key every few window lengths), costs it a slot, a relayout when dead slots pile up and a
 * boxed key per slot. With up to {@link #MAX_WINDOWS} windows per element that costs more than
 * looking the key up in each window's own table: the index was 1.6 and 1.4 times slower with two
 * and three windows, 1.1 times with five, in {@code SlidingWindowBenchmark} at one element per key
 * and window. With more windows per element, the index's single lookup, and its elements that wait
 * for their windows' firing, win however rarely keys come back.
 *
 * <p>A stream changes: keys that rarely came back at first (a backfill, the first minutes of a
 * job) may recur later. While the index is given up, each lookup in a window's own table counts
 * whether it found the key; when at least half of them did, at two window cleanups in a row, the
 * index is taken up again. Judged on lookups rather than elements, a key found in one of its two
 * windows counts half: the way back asks for keys that recur more than the way out allowed, so a
 * stream on the edge does not lay its keys out again and again.
 *
 * <p>Counted per element (per lookup while given up); judged at each window's cleanup over the
 * counts since the last.
 *
 * <p>Threading: the owning task's thread only.
 */
final class KeyRecurrence {

    /** Windows per element up to which an index is given up when keys rarely come back. */
    static final int MAX_WINDOWS = 4;
    private static final int MIN_ELEMENTS = 4096; // fewer since the last judgement say too little
    private static final int HELD_SHARE = 4; // rare: under a quarter of the elements find their key held
    private static final int FOUND_SHARE = 2; // recurring again: at least half of the lookups find the key

    private final boolean fewWindows;
    private int elements; // or lookups, while the index is given up
    private int held;
    private int rareInARow; // a job's first window finds every key new: one judgement is not enough
    private int recurringInARow;

    /** @param windowsPerElement how many windows each element belongs to */
    KeyRecurrence(long windowsPerElement) {
        this.fewWindows = windowsPerElement <= MAX_WINDOWS;
    }

    /** Counts an element: {@code keyHeld}, whether one of its windows already held its key. */
    void element(boolean keyHeld) {
        elements++;
        if (keyHeld) {
            held++;
        }
    }

    /** Counts a lookup in a window's own table, while the index is given up: {@code found}, whether it held the key. */
    void lookup(boolean found) {
        element(found);
    }

    /**
     * At a window's cleanup: whether keys came back so rarely, at this and the judgement before,
     * that the operator's tables should find them on their own from now on.
     */
    boolean indexDoesNotPay() {
        if (!fewWindows || elements < MIN_ELEMENTS) {
            return false;
        }
        rareInARow = held < elements / HELD_SHARE ? rareInARow + 1 : 0;
        return switched(rareInARow >= 2);
    }

    /**
     * At a window's cleanup, while the index is given up: whether keys were found in their windows so
     * often, at this and the judgement before, that the index should be taken up again.
     */
    boolean indexPaysAgain() {
        if (elements < MIN_ELEMENTS) {
            return false;
        }
        recurringInARow = held >= elements / FOUND_SHARE ? recurringInARow + 1 : 0;
        return switched(recurringInARow >= 2);
    }

    /** Starts the next count; on a switch, the next judgement in a row too. */
    private boolean switched(boolean switches) {
        elements = 0;
        held = 0;
        if (switches) {
            rareInARow = 0;
            recurringInARow = 0;
        }
        return switches;
    }
}
