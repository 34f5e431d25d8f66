package dev.tidemark.api.sink;

import java.io.Serializable;

/**
 * The end of a pipeline: receives every element with its context. Implement
 * {@link dev.tidemark.api.functions.RichFunction} as well to open and close resources. Each parallel
 * instance works on its own copy (copied by serialization).
 *
 * @param <T> the element type
 */
@FunctionalInterface
public interface SinkFunction<T> extends Serializable {

    /** Writes one element; an exception fails the job. */
    void invoke(T value, Context context) throws Exception;

    /** Called once after the last element of a bounded input, before {@code close}. */
    default void finish() throws Exception {}

    /** What a sink can see besides the element; valid only during {@link #invoke}. */
    interface Context {

        /** The element's timestamp, or {@code Long.MIN_VALUE} if it has none. */
        long timestamp();

        /** The sink's current input watermark; {@code Long.MIN_VALUE} before the first one. */
        long currentWatermark();

        /** The current processing time in epoch milliseconds. */
        long currentProcessingTime();
    }
}
