package dev.tidemark.runtime.table;

import dev.tidemark.runtime.operators.ForwardingOperator;
import dev.tidemark.runtime.operators.OperatorContext;
import dev.tidemark.eventtime.Watermark;

/**
 * Passes rows on and holds watermarks back by {@code delay} milliseconds (the end of input's
 * watermark passes as it is). After an interval join, a row's left or right rowtime can lie as far
 * behind the join's input watermark as the bound is wide; held back by that much, the watermark
 * is behind both again, so both columns stay rowtimes a later window can use.
 */
final class WatermarkDelay extends ForwardingOperator<Object[], Object[]> {

    private final long delay;

    WatermarkDelay(long delay, OperatorContext<Object[]> context) {
        super(context, null);
        this.delay = delay;
    }

    @Override
    public void processElement(Object[] row, long timestamp) {
        output.collect(row, timestamp);
    }

    @Override
    public void processWatermark(Watermark watermark) {
        long time = watermark.timestamp();
        if (time == Long.MAX_VALUE) {
            forwardWatermark(watermark);
            return;
        }
        long held = time < Long.MIN_VALUE + delay ? Long.MIN_VALUE : time - delay;
        if (held > currentWatermark) {
            forwardWatermark(new Watermark(held));
        }
    }
}
