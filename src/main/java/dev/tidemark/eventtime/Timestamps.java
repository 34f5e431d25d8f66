package dev.tidemark.eventtime;

/** Overflow-safe arithmetic on millisecond timestamps: results saturate instead of wrapping. */
public final class Timestamps {

    private Timestamps() {}

    /** {@code time + delta}, clamped to {@code [Long.MIN_VALUE, Long.MAX_VALUE]}. */
    public static long saturatedAdd(long time, long delta) {
        long sum = time + delta;
        if (((time ^ sum) & (delta ^ sum)) < 0) {
            return time < 0 ? Long.MIN_VALUE : Long.MAX_VALUE;
        }
        return sum;
    }
}
