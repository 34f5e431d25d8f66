package dev.tidemark.runtime.operators.join;

import dev.tidemark.eventtime.Timestamps;
import java.io.Serializable;

/**
 * The bounds of an interval join, both inclusive: a left element at {@code t} meets every right
 * element in {@code [t + lower, t + upper]}, so a right element at {@code t} meets every left one in
 * {@code [t - upper, t - lower]}. Sums saturate at the ends of the time line, which the ranges then
 * reach.
 *
 * <p>An element is kept while a partner that is not late can still come, that is while the
 * watermark is at most its last partner's timestamp: it ends (may be dropped) at that timestamp
 * plus one.
 *
 * @param lower the lower bound in ms, inclusive, in {@code [-Long.MAX_VALUE, Long.MAX_VALUE]}
 * @param upper the upper bound in ms, inclusive, at least {@code lower}
 */
public record IntervalBounds(long lower, long upper) implements Serializable {

    /**
     * The bounds Flink's API takes: exclusive bounds are moved inwards by one millisecond.
     *
     * @throws IllegalArgumentException if the lower bound ends above the upper one, or one overflows
     */
    public static IntervalBounds of(long lower, long upper, boolean lowerExclusive, boolean upperExclusive,
            String operator) {
        if (lower == Long.MIN_VALUE || upper == Long.MIN_VALUE) {
            throw new IllegalArgumentException(operator + ": a bound must be within ±Long.MAX_VALUE ms: lower="
                    + lower + "ms, upper=" + upper + "ms");
        }
        long low = lowerExclusive ? inward(lower, 1, operator) : lower;
        long high = upperExclusive ? inward(upper, -1, operator) : upper;
        if (low > high) {
            throw new IllegalArgumentException(operator + ": the lower bound must not be above the upper bound: lower="
                    + lower + "ms" + (lowerExclusive ? " (exclusive)" : "") + ", upper=" + upper + "ms"
                    + (upperExclusive ? " (exclusive)" : ""));
        }
        return new IntervalBounds(low, high);
    }

    private static long inward(long bound, int step, String operator) {
        long moved = bound + step;
        if (moved == Long.MIN_VALUE || (step > 0 && bound == Long.MAX_VALUE)) {
            throw new IllegalArgumentException(operator + ": an exclusive bound overflows: " + bound + "ms");
        }
        return moved;
    }

    long leftFrom(long rightTimestamp) {
        return Timestamps.saturatedAdd(rightTimestamp, -upper);
    }

    long leftTo(long rightTimestamp) {
        return Timestamps.saturatedAdd(rightTimestamp, -lower);
    }

    long rightFrom(long leftTimestamp) {
        return Timestamps.saturatedAdd(leftTimestamp, lower);
    }

    long rightTo(long leftTimestamp) {
        return Timestamps.saturatedAdd(leftTimestamp, upper);
    }

    /** When a left element at {@code timestamp} can meet no more right ones: its last partner's time plus one. */
    long leftEnd(long timestamp) {
        return Timestamps.saturatedAdd(rightTo(timestamp), 1);
    }

    /** When a right element at {@code timestamp} can meet no more left ones. */
    long rightEnd(long timestamp) {
        return Timestamps.saturatedAdd(leftTo(timestamp), 1);
    }
}
