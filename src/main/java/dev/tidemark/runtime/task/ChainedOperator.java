package dev.tidemark.runtime.task;

import dev.tidemark.eventtime.Watermark;
import dev.tidemark.runtime.operators.OperatorException;
import dev.tidemark.runtime.operators.StreamOperator;
import dev.tidemark.runtime.operators.WatermarkStatus;

/**
 * An operator in a chain, seen from its upstream: every call is tagged with the operator's name if it
 * throws, so a failure deep in a chain names the operator where it started.
 *
 * <p>Threading: the task thread only.
 */
final class ChainedOperator<T> implements ChainMember {

    private final String name;
    private final StreamOperator<T> operator;

    ChainedOperator(String name, StreamOperator<T> operator) {
        this.name = name;
        this.operator = operator;
    }

    @Override
    public String name() {
        return name;
    }

    void processElement(T value, long timestamp) {
        try {
            operator.processElement(value, timestamp);
        } catch (Exception e) {
            throw OperatorException.tag(name, e);
        }
    }

    void processWatermark(Watermark watermark) {
        try {
            operator.processWatermark(watermark);
        } catch (Exception e) {
            throw OperatorException.tag(name, e);
        }
    }

    void processWatermarkStatus(WatermarkStatus status) {
        call(() -> operator.processWatermarkStatus(status));
    }

    @Override
    public void open() {
        call(operator::open);
    }

    @Override
    public void endInput() {
        call(operator::endInput);
    }

    @Override
    public void close() {
        call(operator::close);
    }

    /** One call into the operator that is not per record, so a lambda costs nothing that matters. */
    private interface Step {
        void run() throws Exception;
    }

    private void call(Step step) {
        try {
            step.run();
        } catch (Exception e) {
            throw OperatorException.tag(name, e);
        }
    }
}
