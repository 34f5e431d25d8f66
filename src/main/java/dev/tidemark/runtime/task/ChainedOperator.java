package dev.tidemark.runtime.task;

import dev.tidemark.eventtime.Watermark;
import dev.tidemark.runtime.metrics.Counter;
import dev.tidemark.runtime.metrics.Gauge;
import dev.tidemark.runtime.metrics.MetricRegistry;
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
    private final String operatorId;
    private final StreamOperator<T> operator;
    private final Counter recordsIn;
    private final Gauge watermark;

    ChainedOperator(String name, String operatorId, StreamOperator<T> operator, MetricRegistry metrics) {
        this.name = name;
        this.operatorId = operatorId;
        this.operator = operator;
        this.recordsIn = metrics.counter(name, MetricRegistry.RECORDS_IN);
        this.watermark = metrics.watermark(name);
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

    void processElement(T value, long timestamp) {
        recordsIn.inc();
        try {
            operator.processElement(value, timestamp);
        } catch (Exception | Error e) {
            throw OperatorException.tag(name, e);
        }
    }

    void processWatermark(Watermark watermark) {
        this.watermark.set(watermark.timestamp());
        try {
            operator.processWatermark(watermark);
        } catch (Exception | Error e) {
            throw OperatorException.tag(name, e);
        }
    }

    void processWatermarkStatus(WatermarkStatus status) {
        OperatorCall.invoke(name, () -> operator.processWatermarkStatus(status));
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
