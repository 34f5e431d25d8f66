package dev.tidemark.windowing.windows;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A window of time {@code [start, end)}: {@code start} inclusive, {@code end} exclusive, so
 * {@link #maxTimestamp()} is {@code end - 1}. An event-time window fires when the watermark reaches
 * {@code maxTimestamp()}.
 *
 * @param start the first timestamp in the window
 * @param end the first timestamp after the window
 */
public record TimeWindow(long start, long end) implements Window, Serializable {

    public TimeWindow {
        if (end <= start) {
            throw new IllegalArgumentException("window end must be after its start: start=" + start + ", end=" + end);
        }
    }

    @Override
    public long maxTimestamp() {
        return end - 1;
    }

    /** The first timestamp in the window, as Flink names it: {@link #start()}. */
    public long getStart() {
        return start;
    }

    /** The first timestamp after the window, as Flink names it: {@link #end()}. */
    public long getEnd() {
        return end;
    }

    /** {@code TimeWindow{start=0, end=5}}, as Flink prints a window. */
    @Override
    public String toString() {
        return "TimeWindow{start=" + start + ", end=" + end + "}";
    }

    /** Whether the two windows overlap or touch ({@code [0,5)} and {@code [5,10)} intersect). */
    public boolean intersects(TimeWindow other) {
        return start <= other.end && end >= other.start;
    }

    /** The smallest window that covers both. */
    public TimeWindow cover(TimeWindow other) {
        return new TimeWindow(Math.min(start, other.start), Math.max(end, other.end));
    }

    /**
     * The start of the window of size {@code windowSize}, shifted by {@code offset}, that contains
     * {@code timestamp}: {@code timestamp - ((timestamp - offset) mod windowSize)} with the remainder
     * in {@code [0, windowSize)}, so negative timestamps work; computed without overflow.
     */
    public static long getWindowStartWithOffset(long timestamp, long offset, long windowSize) {
        return startBefore(timestamp, positionInPeriod(timestamp, offset, windowSize));
    }

    /**
     * How far {@code timestamp} lies into its period of length {@code period} shifted by
     * {@code offset}: {@code (timestamp - offset) mod period} in {@code [0, period)}, computed
     * without overflow. The period starts {@code timestamp - position}, which may lie before
     * {@code Long.MIN_VALUE}.
     */
    public static long positionInPeriod(long timestamp, long offset, long period) {
        return Math.floorMod(Math.floorMod(timestamp, period) - Math.floorMod(offset, period), period);
    }

    /**
     * {@code timestamp - back} for {@code back >= 0}, saturated at {@code Long.MIN_VALUE}: the start
     * of a window that begins before the time line is clipped to its beginning.
     */
    public static long startBefore(long timestamp, long back) {
        return timestamp < Long.MIN_VALUE + back ? Long.MIN_VALUE : timestamp - back;
    }

    /** {@code timestamp + ahead} for {@code ahead >= 0}, saturated at {@code Long.MAX_VALUE}. */
    public static long endAfter(long timestamp, long ahead) {
        return timestamp > Long.MAX_VALUE - ahead ? Long.MAX_VALUE : timestamp + ahead;
    }

    /** {@code start + size}, saturated at {@code Long.MAX_VALUE}. */
    public static long endOf(long start, long size) {
        long end = start + size;
        return end < start ? Long.MAX_VALUE : end;
    }

    /** A window merge: the covering window and the windows it replaces (more than one). */
    public record Merge(TimeWindow result, Set<TimeWindow> merged) {}

    /**
     * Merges windows that intersect (overlap or touch), as session windows do.
     *
     * @return one entry per group of more than one window
     */
    public static List<Merge> mergeWindows(Collection<TimeWindow> windows) {
        if (windows.size() < 2) {
            return List.of();
        }
        List<TimeWindow> sorted = new ArrayList<>(windows);
        sorted.sort((a, b) -> Long.compare(a.start, b.start));
        List<Merge> merges = List.of();
        int groupStart = 0;
        long coverStart = sorted.get(0).start;
        long coverEnd = sorted.get(0).end;
        for (int i = 1; i <= sorted.size(); i++) {
            TimeWindow w = i < sorted.size() ? sorted.get(i) : null;
            if (w != null && coverStart <= w.end && coverEnd >= w.start) { // intersects the group's cover
                coverEnd = Math.max(coverEnd, w.end);
                continue;
            }
            if (i - groupStart > 1) { // collections only for a group of more than one window
                List<TimeWindow> group = sorted.subList(groupStart, i);
                Set<TimeWindow> distinct = new LinkedHashSet<>(group);
                if (distinct.size() > 1) { // equal windows (two elements, one timestamp) are not a merge
                    if (merges.isEmpty()) {
                        merges = new ArrayList<>();
                    }
                    merges.add(new Merge(coverOf(group, coverStart, coverEnd), distinct));
                }
            }
            if (w != null) {
                groupStart = i;
                coverStart = w.start;
                coverEnd = w.end;
            }
        }
        return merges;
    }

    /** The window {@code [start, end)}: one of {@code group} if one is exactly that, so its identity is kept. */
    private static TimeWindow coverOf(List<TimeWindow> group, long start, long end) {
        for (TimeWindow w : group) {
            if (w.start == start && w.end == end) {
                return w;
            }
        }
        return new TimeWindow(start, end);
    }
}
