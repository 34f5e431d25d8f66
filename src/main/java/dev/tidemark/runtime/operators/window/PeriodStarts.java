package dev.tidemark.runtime.operators.window;

import dev.tidemark.windowing.windows.TimeWindow;

/**
 * {@link TimeWindow#getWindowStartWithOffset} for one period and offset, remembering the last
 * period found: consecutive elements mostly fall into the same one, and finding it takes three
 * divisions.
 *
 * <p>Threading: the owning task's thread only.
 */
final class PeriodStarts {

    private final long offset;
    private final long period;
    private long cachedStart;
    private long cachedEnd; // exclusive; empty (start == end) until the first lookup

    PeriodStarts(long offset, long period) {
        this.offset = offset;
        this.period = period;
    }

    /** The start of the period holding {@code timestamp}, as {@code getWindowStartWithOffset} gives it. */
    long startOf(long timestamp) {
        if (timestamp >= cachedStart && timestamp < cachedEnd) {
            return cachedStart;
        }
        long start = TimeWindow.getWindowStartWithOffset(timestamp, offset, period);
        if (start != Long.MIN_VALUE) { // a start saturated at the bottom of time holds no whole period
            cachedStart = start;
            cachedEnd = start + period; // wraps at the top of time: then nothing hits, which is still right
        }
        return start;
    }
}
