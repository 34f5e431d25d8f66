package dev.tidemark.eventtime;

import java.time.Duration;

/**
 * The classic periodic assigner for elements at most a fixed bound out of order.
 *
 * <p>Watermark values (identical to Flink's class of the same name): {@code maxTimestamp - bound},
 * one millisecond <em>more</em> than the modern {@link WatermarkStrategy#forBoundedOutOfOrderness},
 * so an element exactly {@code bound} behind the newest is already late if the watermark was emitted
 * in between. Before the first element {@link #getCurrentWatermark()} returns
 * {@code Long.MIN_VALUE}; it never returns a smaller watermark than the previous call.
 *
 * @param <T> the element type
 */
public abstract class BoundedOutOfOrdernessTimestampExtractor<T> implements AssignerWithPeriodicWatermarks<T> {

    private static final long serialVersionUID = 1L;

    private final long maxOutOfOrdernessMillis;
    private long currentMaxTimestamp;
    private long lastEmittedWatermark = Long.MIN_VALUE;

    /**
     * @param maxOutOfOrderness the bound; not negative
     * @throws IllegalArgumentException if the bound is negative or overflows a long of millis
     */
    protected BoundedOutOfOrdernessTimestampExtractor(Duration maxOutOfOrderness) {
        this.maxOutOfOrdernessMillis = Durations.nonNegativeMillis(maxOutOfOrderness, "maxOutOfOrderness");
        this.currentMaxTimestamp = Long.MIN_VALUE + maxOutOfOrdernessMillis;
    }

    /** The bound in milliseconds. */
    public final long getMaxOutOfOrdernessInMillis() {
        return maxOutOfOrdernessMillis;
    }

    /** Extracts the element's timestamp in epoch milliseconds. */
    public abstract long extractTimestamp(T element);

    @Override
    public final long extractTimestamp(T element, long previousElementTimestamp) {
        long timestamp = extractTimestamp(element);
        if (timestamp > currentMaxTimestamp) {
            currentMaxTimestamp = timestamp;
        }
        return timestamp;
    }

    @Override
    public final Watermark getCurrentWatermark() {
        long candidate = currentMaxTimestamp - maxOutOfOrdernessMillis;
        if (candidate >= lastEmittedWatermark) {
            lastEmittedWatermark = candidate;
        }
        return new Watermark(lastEmittedWatermark);
    }
}
