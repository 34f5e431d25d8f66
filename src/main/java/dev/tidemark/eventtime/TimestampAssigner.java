package dev.tidemark.eventtime;

import java.io.Serializable;

/**
 * Extracts an element's event timestamp.
 *
 * @param <T> the element type
 */
@FunctionalInterface
public interface TimestampAssigner<T> extends Serializable {

    /** The value of {@code recordTimestamp} when the element carries no timestamp yet. */
    long NO_TIMESTAMP = Long.MIN_VALUE;

    /**
     * Returns the element's timestamp in epoch milliseconds.
     *
     * @param element the element
     * @param recordTimestamp the timestamp the element already carries, or {@link #NO_TIMESTAMP}
     */
    long extractTimestamp(T element, long recordTimestamp);
}
