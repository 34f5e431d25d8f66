package dev.tidemark.testing;

import dev.tidemark.eventtime.Watermark;
import dev.tidemark.runtime.operators.StreamOperator;
import dev.tidemark.runtime.operators.WatermarkStatus;

/** Records everything that reaches it into a {@link TestSink}. */
final class TestSinkOperator<T> implements StreamOperator<T> {

    private final TestSink<T> sink;

    TestSinkOperator(TestSink<T> sink) {
        this.sink = sink;
    }

    @Override
    public void open() {}

    @Override
    public void processElement(T value, long timestamp) {
        sink.add(new StreamEvent.Record<>(value, timestamp));
    }

    @Override
    public void processWatermark(Watermark watermark) {
        sink.add(new StreamEvent.Mark<>(watermark.timestamp()));
    }

    @Override
    public void processWatermarkStatus(WatermarkStatus status) {
        sink.add(new StreamEvent.Status<>(status == WatermarkStatus.IDLE));
    }

    @Override
    public void endInput() {
        sink.end();
    }

    @Override
    public void close() {}
}
