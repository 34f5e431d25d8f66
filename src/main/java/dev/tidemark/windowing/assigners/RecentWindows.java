package dev.tidemark.windowing.assigners;

import dev.tidemark.windowing.windows.TimeWindow;

/**
 * The time windows an assigner handed out lately, direct-mapped by start, so consecutive elements get
 * the same {@link TimeWindow} objects instead of new ones: no allocation per element and window, and
 * the window operator's state and timers are then found by identity, without {@code equals}.
 *
 * <p>An assigner may be shared by the task threads of one operator: they race on the slots, but a
 * window is immutable, so the worst a race does is a miss (a new object equal to the old).
 */
final class RecentWindows implements java.io.Serializable {

    private static final long serialVersionUID = 1L;

    private static final int SLOTS = 32; // a power of two, above the windows a sliding element joins at once

    private transient TimeWindow[] windows; // not sent along with the assigner

    /** The window {@code [start, end)}, reused if it was handed out lately. */
    TimeWindow get(long start, long end) {
        TimeWindow[] recent = windows;
        if (recent == null) {
            recent = windows = new TimeWindow[SLOTS];
        }
        int slot = (int) ((start * 0x9E3779B97F4A7C15L) >>> 59); // Fibonacci hashing spreads evenly spaced starts
        TimeWindow window = recent[slot];
        if (window == null || window.start() != start || window.end() != end) {
            window = new TimeWindow(start, end);
            recent[slot] = window;
        }
        return window;
    }
}
