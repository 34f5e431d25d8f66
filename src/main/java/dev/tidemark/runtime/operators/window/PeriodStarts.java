package dev.tidemark.runtime.operators.window;

import dev.tidemark.windowing.windows.TimeWindow;

/**
 * {@link TimeWindow#positionInPeriod} for one period and offset, remembering the last
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

    /**
     * How far {@code timestamp} lies into its period, as {@link TimeWindow#positionInPeriod} gives it;
     * the period starts {@code timestamp - position}, which may lie before {@code Long.MIN_VALUE}.
     */
    long positionOf(long timestamp) {
        if (timestamp >= cachedStart && timestamp < cachedEnd) {
            return timestamp - cachedStart;
        }
        long position = TimeWindow.positionInPeriod(timestamp, offset, period);
        if (timestamp >= Long.MIN_VALUE + position) { // a period clipped at the bottom of time is not cached
            cachedStart = timestamp - position;
            cachedEnd = cachedStart + period; // wraps at the top of time: then nothing hits, which is still right
        }
        return position;
    }
}
