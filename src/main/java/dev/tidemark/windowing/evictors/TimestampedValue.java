package dev.tidemark.windowing.evictors;

/**
 * A window element with its timestamp, as evictors see it.
 *
 * @param value the element
 * @param timestamp its timestamp, {@code Long.MIN_VALUE} if it has none
 */
public record TimestampedValue<T>(T value, long timestamp) {

    public boolean hasTimestamp() {
        return timestamp != Long.MIN_VALUE;
    }
}
