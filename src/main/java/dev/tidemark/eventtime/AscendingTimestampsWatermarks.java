package dev.tidemark.eventtime;

import java.time.Duration;

/**
 * The watermark generator of {@link WatermarkStrategy#forMonotonousTimestamps()}, by the name Flink
 * gives it: timestamps never decrease, so the watermark is the largest timestamp seen, minus 1 ms.
 *
 * @param <T> the element type
 */
public final class AscendingTimestampsWatermarks<T> implements WatermarkGenerator<T> {

    private final BoundedOutOfOrdernessWatermarks<T> generator = new BoundedOutOfOrdernessWatermarks<>(Duration.ZERO);

    @Override
    public void onEvent(T event, long eventTimestamp, WatermarkOutput output) {
        generator.onEvent(event, eventTimestamp, output);
    }

    @Override
    public void onPeriodicEmit(WatermarkOutput output) {
        generator.onPeriodicEmit(output);
    }
}
