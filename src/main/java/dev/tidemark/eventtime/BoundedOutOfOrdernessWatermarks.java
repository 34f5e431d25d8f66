package dev.tidemark.eventtime;

import java.time.Duration;

/**
 * A periodic generator for elements that arrive at most a fixed bound out of order.
 *
 * <p>Watermark values (identical to Flink's generator of the same name): after elements with a
 * maximum timestamp {@code max}, each periodic emission emits {@code max - bound - 1}, so an element
 * exactly {@code bound} behind the newest one is still on time. Before the first element it emits
 * {@code Long.MIN_VALUE}, which the runtime never forwards. Per-element it emits nothing. The
 * arithmetic cannot overflow: the running maximum starts at {@code Long.MIN_VALUE + bound + 1}.
 *
 * @param <T> the element type
 */
public final class BoundedOutOfOrdernessWatermarks<T> implements WatermarkGenerator<T> {

    private final long outOfOrdernessMillis;
    private long maxTimestamp;

    /**
     * @param maxOutOfOrderness how far behind the newest element an element may arrive; not negative
     * @throws IllegalArgumentException if the bound is negative or does not fit a long of millis
     */
    public BoundedOutOfOrdernessWatermarks(Duration maxOutOfOrderness) {
        this.outOfOrdernessMillis = Durations.nonNegativeMillis(maxOutOfOrderness, "maxOutOfOrderness");
        this.maxTimestamp = Long.MIN_VALUE + outOfOrdernessMillis + 1;
    }

    @Override
    public void onEvent(T event, long eventTimestamp, WatermarkOutput output) {
        if (eventTimestamp > maxTimestamp) {
            maxTimestamp = eventTimestamp;
        }
    }

    @Override
    public void onPeriodicEmit(WatermarkOutput output) {
        output.emitWatermark(new Watermark(maxTimestamp - outOfOrdernessMillis - 1));
    }
}
