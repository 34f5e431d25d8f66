package dev.tidemark.runtime.task;

import dev.tidemark.eventtime.Watermark;
import dev.tidemark.runtime.operators.OperatorException;
import dev.tidemark.runtime.operators.TwoInputStreamOperator;
import dev.tidemark.runtime.operators.WatermarkStatus;

/** A two-input operator at the head of a chain; every call names the operator if it throws. */
final class ChainedTwoInputOperator implements ChainMember {

    private final String name;
    private final TwoInputStreamOperator<Object, Object> operator;

    ChainedTwoInputOperator(String name, TwoInputStreamOperator<Object, Object> operator) {
        this.name = name;
        this.operator = operator;
    }

    void processElement(int input, Object value, long timestamp) {
        try {
            if (input == 0) {
                operator.processElement1(value, timestamp);
            } else {
                operator.processElement2(value, timestamp);
            }
        } catch (Exception e) {
            throw OperatorException.tag(name, e);
        }
    }

    void processWatermark(Watermark watermark) {
        call(() -> operator.processWatermark(watermark));
    }

    void processWatermarkStatus(WatermarkStatus status) {
        call(() -> operator.processWatermarkStatus(status));
    }

    @Override
    public String name() {
        return name;
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
