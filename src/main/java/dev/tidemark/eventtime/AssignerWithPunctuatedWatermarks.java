package dev.tidemark.eventtime;

import java.io.Serializable;

/**
 * The classic punctuated assigner: after every element the runtime forwards the element with its
 * extracted timestamp, then asks {@link #checkAndGetNextWatermark} and forwards the result if it is
 * non-null and greater than the last watermark forwarded. A marker element therefore precedes the
 * watermark it produces.
 *
 * @param <T> the element type
 */
public interface AssignerWithPunctuatedWatermarks<T> extends Serializable {

    /**
     * @param element the element
     * @param previousElementTimestamp the timestamp the element already carries, or
     *     {@code Long.MIN_VALUE} if it has none
     */
    long extractTimestamp(T element, long previousElementTimestamp);

    /**
     * The watermark that {@code lastElement} implies, or {@code null} for none.
     *
     * @param extractedTimestamp what {@link #extractTimestamp} returned for it
     */
    Watermark checkAndGetNextWatermark(T lastElement, long extractedTimestamp);
}
