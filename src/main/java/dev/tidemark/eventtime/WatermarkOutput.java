package dev.tidemark.eventtime;

/**
 * Where a {@link WatermarkGenerator} sends watermarks and idleness.
 *
 * <p>The runtime's implementation forwards a watermark only if it is greater than the last one it
 * forwarded; a smaller or equal one is ignored. Emitting a watermark while idle makes the output
 * active again.
 */
public interface WatermarkOutput {

    /** Emits a watermark; ignored unless it is greater than every watermark emitted before. */
    void emitWatermark(Watermark watermark);

    /**
     * Marks this output idle: downstream operators stop waiting for its watermarks until it emits
     * a watermark or is marked active again.
     */
    void markIdle();

    /** Marks this output active again after {@link #markIdle()}; a no-op when it is active. */
    void markActive();
}
