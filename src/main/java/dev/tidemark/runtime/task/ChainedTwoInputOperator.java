package dev.tidemark.runtime.task;

import dev.tidemark.eventtime.Watermark;
import dev.tidemark.runtime.metrics.Counter;
import dev.tidemark.runtime.metrics.Gauge;
import dev.tidemark.runtime.metrics.MetricRegistry;
import dev.tidemark.runtime.operators.OperatorException;
import dev.tidemark.runtime.operators.TwoInputStreamOperator;
import dev.tidemark.runtime.operators.WatermarkStatus;

/** A two-input operator at the head of a chain; every call names the operator if it throws. */
final class ChainedTwoInputOperator implements ChainMember {

    private final String name;
    private final String operatorId;
    private final TwoInputStreamOperator<Object, Object> operator;
    private final Counter recordsIn;
    private final Gauge watermark;

    ChainedTwoInputOperator(String name, String operatorId, TwoInputStreamOperator<Object, Object> operator, MetricRegistry metrics) {
        this.name = name;
        this.operatorId = operatorId;
        this.operator = operator;
        this.recordsIn = metrics.counter(name, MetricRegistry.RECORDS_IN);
        this.watermark = metrics.watermark(name);
    }

    void processElement(int input, Object value, long timestamp) {
        recordsIn.inc();
        try {
            if (input == 0) {
                operator.processElement1(value, timestamp);
            } else {
                operator.processElement2(value, timestamp);
            }
        } catch (Exception | Error e) {
            throw OperatorException.tag(name, e);
        }
    }

    void processWatermark(Watermark watermark) {
        this.watermark.set(watermark.timestamp());
        OperatorCall.invoke(name, () -> operator.processWatermark(watermark));
    }

    void processWatermarkStatus(WatermarkStatus status) {
        OperatorCall.invoke(name, () -> operator.processWatermarkStatus(status));
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String operatorId() {
        return operatorId;
    }

    @Override
    public dev.tidemark.runtime.operators.CheckpointedOperator checkpointHooks() {
        return operator;
    }

    @Override
    public void open() {
        OperatorCall.invoke(name, operator::open);
    }

    @Override
    public void endInput() {
        OperatorCall.invoke(name, operator::endInput);
    }

    @Override
    public void close() {
        OperatorCall.invoke(name, operator::close);
    }
}
