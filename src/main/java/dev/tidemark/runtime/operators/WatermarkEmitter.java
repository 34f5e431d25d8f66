package dev.tidemark.runtime.operators;

import dev.tidemark.eventtime.Watermark;
import dev.tidemark.eventtime.WatermarkOutput;

/**
 * The {@link WatermarkOutput} that generators write to: forwards a watermark only if it is greater
 * than the last one forwarded, tracks idleness, and makes the output active again before the first
 * watermark after an idle period.
 *
 * <p>Threading: the owning task's thread only.
 */
public final class WatermarkEmitter implements WatermarkOutput {

    private final Output<?> output;
    private long lastEmitted = Long.MIN_VALUE;
    private boolean idle;

    public WatermarkEmitter(Output<?> output) {
        this.output = output;
    }

    @Override
    public void emitWatermark(Watermark watermark) {
        if (watermark.timestamp() <= lastEmitted) {
            return;
        }
        lastEmitted = watermark.timestamp();
        markActive();
        output.emitWatermark(watermark);
    }

    @Override
    public void markIdle() {
        if (!idle) {
            idle = true;
            output.emitWatermarkStatus(WatermarkStatus.IDLE);
        }
    }

    @Override
    public void markActive() {
        if (idle) {
            idle = false;
            output.emitWatermarkStatus(WatermarkStatus.ACTIVE);
        }
    }

    /** The last watermark forwarded; {@code Long.MIN_VALUE} before the first. */
    public long lastEmitted() {
        return lastEmitted;
    }
}
