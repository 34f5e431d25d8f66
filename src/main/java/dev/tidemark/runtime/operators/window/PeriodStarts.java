package dev.tidemark.runtime.operators.window;

import dev.tidemark.windowing.windows.TimeWindow;

/**
 * {@link TimeWindow#positionInPeriod} for one period and offset, remembering the last two periods
 * found: consecutive elements mostly fall into one of two adjacent periods (the current one, and
 * the one before it for an element that came out of order), and finding a period takes three
 * divisions.
 *
 * <p>Threading: the owning task's thread only.
 */
final class PeriodStarts {

    private final long offset;
    private final long period;
    // two remembered periods [start, end), end exclusive; empty (start == end) until found; the later one last found
    private long earlierStart;
    private long earlierEnd;
    private long laterStart;
    private long laterEnd;

    PeriodStarts(long offset, long period) {
        this.offset = offset;
        this.period = period;
    }

    /**
     * How far {@code timestamp} lies into its period, as {@link TimeWindow#positionInPeriod} gives it;
     * the period starts {@code timestamp - position}, which may lie before {@code Long.MIN_VALUE}.
     */
    long positionOf(long timestamp) {
        if (timestamp >= laterStart && timestamp < laterEnd) {
            return timestamp - laterStart;
        }
        if (timestamp >= earlierStart && timestamp < earlierEnd) {
            return timestamp - earlierStart;
        }
        long position = TimeWindow.positionInPeriod(timestamp, offset, period);
        if (timestamp >= Long.MIN_VALUE + position) { // a period clipped at the bottom of time is not remembered
            long start = timestamp - position;
            long end = start + period; // wraps at the top of time: then nothing hits, which is still right
            if (start > laterStart || laterStart == laterEnd) { // time moved on: the later period becomes the earlier
                earlierStart = laterStart;
                earlierEnd = laterEnd;
                laterStart = start;
                laterEnd = end;
            } else { // an element from further back: the later period stays
                earlierStart = start;
                earlierEnd = end;
            }
        }
        return position;
    }
}
