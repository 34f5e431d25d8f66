package dev.tidemark.runtime.operators.window;

/**
 * Marks an aggregate whose results may be read from an accumulator that windows share: the window
 * function it runs with reads each result during its call only, and never changes or keeps it (the
 * SQL's window aggregation, whose result is its accumulator and whose function makes a row of it).
 * Windows that share panes then hand a key's only pane accumulator to the function as it is, rather
 * than a copy merged for the window.
 */
public interface ReadOnlyResults {}
