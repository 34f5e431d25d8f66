package dev.tidemark.eventtime;

/**
 * Emits no watermarks at all; event-time timers and windows downstream only fire at the final
 * watermark of a bounded input.
 *
 * @param <T> the element type
 */
public final class NoWatermarksGenerator<T> implements WatermarkGenerator<T> {

    @Override
    public void onEvent(T event, long eventTimestamp, WatermarkOutput output) {}

    @Override
    public void onPeriodicEmit(WatermarkOutput output) {}
}
