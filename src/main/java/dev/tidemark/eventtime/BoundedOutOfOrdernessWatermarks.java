package dev.tidemark.eventtime;

import java.time.Duration;

/**
 * A periodic generator for elements that arrive at most a fixed bound out of order.
 *
 * <p>Watermark values (identical to Flink's generator of the same name): after elements with a
 * maximum timestamp {@code max}, each periodic emission emits {@code max - bound - 1}, so an element
 * exactly {@code bound} behind the newest one is still on time. Before the first element it emits
 * {@code Long.MIN_VALUE}, which the runtime never forwards. The arithmetic cannot overflow: the
 * running maximum starts at {@code Long.MIN_VALUE + bound + 1}.
 *
 * <p>Unlike Flink's, it also emits that watermark every {@value #EMIT_EVERY} elements, if it has
 * advanced: windows then fire, and free their state, as event time advances, and not only once per
 * periodic interval of processing time. A job reading a backlog at millions of elements a second
 * would otherwise keep every window of the event time it reads in 200 ms. The watermark's value at
 * any moment is the one Flink's would have at its next periodic emission; only its timing differs,
 * which in Flink depends on processing time anyway.
 *
 * @param <T> the element type
 */
public final class BoundedOutOfOrdernessWatermarks<T> implements WatermarkGenerator<T> {

    /** Elements between two watermarks emitted by event-time progress. */
    public static final int EMIT_EVERY = 1024;

    private final long outOfOrdernessMillis;
    private long maxTimestamp;
    private long emitted = Long.MIN_VALUE; // the last watermark this generator emitted
    private int sinceEmit;

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
        if (++sinceEmit == EMIT_EVERY) {
            sinceEmit = 0;
            if (maxTimestamp - outOfOrdernessMillis - 1 > emitted) {
                onPeriodicEmit(output);
            }
        }
    }

    @Override
    public void onPeriodicEmit(WatermarkOutput output) {
        emitted = maxTimestamp - outOfOrdernessMillis - 1;
        output.emitWatermark(new Watermark(emitted));
    }
}
