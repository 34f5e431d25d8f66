package dev.tidemark.runtime.operators;

import dev.tidemark.eventtime.Watermark;
import dev.tidemark.eventtime.WatermarkOutput;

/**
 * The {@link WatermarkOutput} that generators write to: forwards watermarks in {@link WatermarkOrder},
 * tracks idleness, and makes the output active again before the first
 * watermark after an idle period.
 *
 * <p>Threading: the owning task's thread only.
 */
public final class WatermarkEmitter implements WatermarkOutput {

    private final Output<?> output;
    private final WatermarkOrder order;
    private final java.util.function.LongSupplier clock;
    private boolean idle;

    /**
     * @param output where watermarks and status go
     * @param owner names the operator in errors
     * @param clock the processing-time clock, for processing-time watermarks
     */
    public WatermarkEmitter(Output<?> output, String owner, java.util.function.LongSupplier clock) {
        this.output = output;
        this.order = new WatermarkOrder(owner);
        this.clock = clock;
    }

    @Override
    public void emitWatermark(Watermark watermark) {
        if (!order.admit(watermark, clock.getAsLong())) {
            return;
        }
        markActive();
        output.emitWatermark(watermark);
    }

    /** The last watermark emitted, {@code Long.MIN_VALUE} before the first. */
    public long lastEmitted() {
        return order.last();
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
}
