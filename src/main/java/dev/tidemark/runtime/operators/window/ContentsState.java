package dev.tidemark.runtime.operators.window;

/**
 * The keyed state a window operator's snapshot holds its contents in, per key and window (or pane).
 * The operators that keep windows in tables or sessions of their own write their accumulators where
 * the general {@link WindowOperator} keeps the same contents, so either restores the other's.
 *
 * @param name the state's name
 * @param kind the kind registered with it
 */
record ContentsState(String name, Class<?> kind) {

    /** An eager reduce's or aggregate's accumulators. */
    static final ContentsState ACCUMULATORS = new ContentsState(AccumulatingContents.STATE, AccumulatingContents.class);

    /** The elements of windows whose function sees them all. */
    static final ContentsState ELEMENTS = new ContentsState(ListContents.STATE, ListContents.class);
}
