package dev.tidemark.eventtime;

import java.io.Serializable;
import java.time.Duration;
import java.util.Objects;

/**
 * Keeps the splits of a group from drifting apart: a split whose watermark is more than
 * {@code maxDrift} ahead of the slowest active split of the group is paused until the others catch
 * up. Splits that are idle, finished, or have no watermark yet do not count as the slowest.
 *
 * @param group splits of every source with the same group name are aligned together
 * @param maxDrift how far ahead of the slowest split a split may run
 */
public record WatermarkAlignment(String group, Duration maxDrift) implements Serializable {

    public WatermarkAlignment {
        Objects.requireNonNull(group, "alignment group must not be null");
        Durations.nonNegativeMillis(maxDrift, "maxDrift");
    }

    /** The drift in milliseconds. */
    public long maxDriftMillis() {
        return maxDrift.toMillis();
    }
}
