package dev.tidemark.testing;

/**
 * What a {@link TestSink} saw, in order: records with their timestamps, watermarks, and changes of
 * watermark status.
 *
 * @param <T> the record type
 */
public sealed interface StreamEvent<T> permits StreamEvent.Record, StreamEvent.Mark, StreamEvent.Status {

    /**
     * A record.
     *
     * @param value the record
     * @param timestamp its timestamp, {@code Long.MIN_VALUE} if it has none
     */
    record Record<T>(T value, long timestamp) implements StreamEvent<T> {}

    /**
     * A watermark.
     *
     * @param timestamp the watermark's time
     */
    record Mark<T>(long timestamp) implements StreamEvent<T> {}

    /**
     * A change of watermark status.
     *
     * @param idle whether the stream turned idle (or active again)
     */
    record Status<T>(boolean idle) implements StreamEvent<T> {}

    /** A record event. */
    static <T> StreamEvent<T> record(T value, long timestamp) {
        return new Record<>(value, timestamp);
    }

    /** A watermark event. */
    static <T> StreamEvent<T> watermark(long timestamp) {
        return new Mark<>(timestamp);
    }
}
