package dev.tidemark.runtime.operators;

import dev.tidemark.eventtime.Watermark;

/**
 * The order every watermark output keeps. Event-time watermarks are strictly increasing (a smaller
 * or equal one is dropped). A watermark with {@code useProcessingTime} switches the stream to
 * processing-time progress: it is forwarded even when its timestamp is not greater, it must not be
 * ahead of the processing-time clock, and no event-time watermark may follow it.
 *
 * <p>Threading: the owning thread only.
 */
public final class WatermarkOrder {

    private final String owner;
    private long last = Long.MIN_VALUE;
    private boolean processingTime;

    /** @param owner names the source or operator in errors */
    public WatermarkOrder(String owner) {
        this.owner = owner;
    }

    /**
     * Whether {@code watermark} is to be forwarded.
     *
     * @param now the processing-time clock
     * @throws IllegalStateException if it breaks the order described above
     */
    public boolean admit(Watermark watermark, long now) {
        long timestamp = watermark.timestamp();
        if (watermark.useProcessingTime()) {
            if (now < last) {
                throw new IllegalStateException("processing time must not be behind the last watermark when switching"
                        + " to processing-time watermarks: now=" + now + ", lastWatermark=" + last + ", source=" + owner);
            }
            processingTime = true;
            last = Math.max(last, timestamp);
            return true;
        }
        if (processingTime) {
            throw new IllegalStateException("event-time watermark must not follow a processing-time watermark: watermark="
                    + timestamp + ", source=" + owner);
        }
        if (timestamp <= last) {
            return false;
        }
        last = timestamp;
        return true;
    }

    /** The last watermark admitted, {@code Long.MIN_VALUE} before the first. */
    public long last() {
        return last;
    }
}
