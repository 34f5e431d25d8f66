package dev.tidemark.windowing.time;

import java.io.Serializable;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * A length of time for window sizes, gaps and lateness, as Flink 1.x programs write it
 * ({@code Time.seconds(5)}); every method that takes one also takes a {@link Duration}, which Flink
 * 2.x programs use instead.
 */
public final class Time implements Serializable {

    private static final long serialVersionUID = 1L;

    private final long size;
    private final TimeUnit unit;

    private Time(long size, TimeUnit unit) {
        this.size = size;
        this.unit = Objects.requireNonNull(unit, "time unit must not be null");
    }

    public static Time of(long size, TimeUnit unit) {
        return new Time(size, unit);
    }

    public static Time milliseconds(long milliseconds) {
        return of(milliseconds, TimeUnit.MILLISECONDS);
    }

    public static Time seconds(long seconds) {
        return of(seconds, TimeUnit.SECONDS);
    }

    public static Time minutes(long minutes) {
        return of(minutes, TimeUnit.MINUTES);
    }

    public static Time hours(long hours) {
        return of(hours, TimeUnit.HOURS);
    }

    public static Time days(long days) {
        return of(days, TimeUnit.DAYS);
    }

    public long getSize() {
        return size;
    }

    public TimeUnit getUnit() {
        return unit;
    }

    /**
     * In milliseconds.
     *
     * @throws ArithmeticException if that does not fit a {@code long}
     */
    public long toMilliseconds() {
        long millis = unit.toMillis(size);
        if (millis == Long.MAX_VALUE || millis == Long.MIN_VALUE) {
            throw new ArithmeticException("time does not fit a long of milliseconds: " + this);
        }
        return millis;
    }

    /** The same length as a {@link Duration}. */
    public Duration toDuration() {
        return Duration.of(size, unit.toChronoUnit());
    }

    /** As a {@link Duration}, naming the parameter when it is {@code null}. */
    public static Duration toDuration(Time time, String parameter) {
        return Objects.requireNonNull(time, parameter + " must not be null").toDuration();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Time other && toDuration().equals(other.toDuration());
    }

    @Override
    public int hashCode() {
        return toDuration().hashCode();
    }

    @Override
    public String toString() {
        return size + " " + unit.name().toLowerCase(java.util.Locale.ROOT);
    }
}
