package dev.tidemark.eventtime;

import java.io.Serializable;

/**
 * The classic periodic assigner: timestamps per element, a watermark whenever the runtime asks.
 *
 * <p>The runtime calls {@link #getCurrentWatermark()} every {@code autoWatermarkInterval} of
 * processing time and forwards the result only if it is non-null and greater than the last watermark
 * forwarded. New code should prefer {@link WatermarkStrategy}.
 *
 * @param <T> the element type
 */
public interface AssignerWithPeriodicWatermarks<T> extends Serializable {

    /**
     * @param element the element
     * @param previousElementTimestamp the timestamp the element already carries, or
     *     {@code Long.MIN_VALUE} if it has none
     */
    long extractTimestamp(T element, long previousElementTimestamp);

    /** The current watermark, or {@code null} for none this time. */
    Watermark getCurrentWatermark();
}
