package dev.tidemark.runtime.task;

import dev.tidemark.api.OutputTag;
import dev.tidemark.eventtime.Watermark;
import dev.tidemark.runtime.operators.Output;
import dev.tidemark.runtime.operators.WatermarkStatus;

/** An output that calls the next operator of the chain directly. */
final class ChainingOutput<T> implements Output<T> {

    private final ChainedOperator<T> target;

    ChainingOutput(ChainedOperator<T> target) {
        this.target = target;
    }

    ChainedOperator<T> target() {
        return target;
    }

    @Override
    public void collect(T value, long timestamp) {
        target.processElement(value, timestamp);
    }

    @Override
    public <X> void collect(OutputTag<X> tag, X value, long timestamp) {
        throw new UnsupportedOperationException("side outputs are routed by the emitting operator's output");
    }

    @Override
    public void emitWatermark(Watermark watermark) {
        target.processWatermark(watermark);
    }

    @Override
    public void emitWatermarkStatus(WatermarkStatus status) {
        target.processWatermarkStatus(status);
    }
}
