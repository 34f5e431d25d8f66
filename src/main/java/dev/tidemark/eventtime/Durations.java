package dev.tidemark.eventtime;

import java.time.Duration;
import java.util.Objects;

/**
 * Converts API durations to the milliseconds the runtime works in, with errors that name the
 * argument: every {@code Duration} a Tidemark method takes goes through here, so a duration too long
 * for a {@code long} of milliseconds is an {@code IllegalArgumentException} at the call, never an
 * {@code ArithmeticException} later.
 */
public final class Durations {

    private Durations() {}

    /** {@code duration} in milliseconds; rejects null, negative and values that overflow a {@code long}. */
    public static long nonNegativeMillis(Duration duration, String name) {
        Objects.requireNonNull(duration, () -> name + " must not be null");
        if (duration.isNegative()) {
            throw new IllegalArgumentException(name + " must not be negative: " + name + "=" + duration);
        }
        try {
            return duration.toMillis();
        } catch (ArithmeticException overflow) {
            throw new IllegalArgumentException(
                    name + " must fit in a long of milliseconds: " + name + "=" + duration, overflow);
        }
    }

    /** As {@link #nonNegativeMillis} but also rejects zero. */
    public static long positiveMillis(Duration duration, String name) {
        long millis = nonNegativeMillis(duration, name);
        if (millis == 0) {
            throw new IllegalArgumentException(name + " must be at least 1 ms: " + name + "=" + duration);
        }
        return millis;
    }

    /**
     * {@code duration} in milliseconds, which may be negative (a bound relative to a timestamp);
     * rejects null and values beyond {@code ±Long.MAX_VALUE} ms, so the result can be negated.
     */
    public static long signedMillis(Duration duration, String name) {
        Objects.requireNonNull(duration, () -> name + " must not be null");
        try {
            long millis = duration.toMillis();
            if (millis != Long.MIN_VALUE) {
                return millis;
            }
        } catch (ArithmeticException overflow) {
            // reported below
        }
        throw new IllegalArgumentException(name + " must fit in a long of milliseconds: " + name + "=" + duration);
    }
}
