package dev.tidemark.runtime.task;

import dev.tidemark.api.OutputTag;
import dev.tidemark.eventtime.Watermark;
import dev.tidemark.runtime.operators.Output;
import dev.tidemark.runtime.operators.WatermarkStatus;
import java.util.Map;

/**
 * An operator's output inside a chain: hands each record by reference to the operators that
 * consume the main output, and side-output records to those that consume that side output.
 *
 * <p>Threading: the task thread only.
 */
final class ChainedOutput<T> implements Output<T> {

    private final String emitterName;
    private final ChainedOperator<T>[] main;
    private final Map<OutputTag<?>, ChainedOperator<?>[]> side;

    ChainedOutput(String emitterName, ChainedOperator<T>[] main, Map<OutputTag<?>, ChainedOperator<?>[]> side) {
        this.emitterName = emitterName;
        this.main = main;
        this.side = side;
    }

    @Override
    public void collect(T value, long timestamp) {
        if (value == null) {
            throw nullRecord(null);
        }
        for (ChainedOperator<T> target : main) {
            target.processElement(value, timestamp);
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    public <X> void collect(OutputTag<X> tag, X value, long timestamp) {
        if (value == null) {
            throw nullRecord(tag);
        }
        ChainedOperator<?>[] targets = side.get(tag);
        if (targets != null) {
            for (ChainedOperator<?> target : targets) {
                ((ChainedOperator<X>) target).processElement(value, timestamp);
            }
        }
    }

    @Override
    public void emitWatermark(Watermark watermark) {
        for (ChainedOperator<T> target : main) {
            target.processWatermark(watermark);
        }
        for (ChainedOperator<?>[] targets : side.values()) {
            for (ChainedOperator<?> target : targets) {
                target.processWatermark(watermark);
            }
        }
    }

    @Override
    public void emitWatermarkStatus(WatermarkStatus status) {
        for (ChainedOperator<T> target : main) {
            target.processWatermarkStatus(status);
        }
        for (ChainedOperator<?>[] targets : side.values()) {
            for (ChainedOperator<?> target : targets) {
                target.processWatermarkStatus(status);
            }
        }
    }

    private NullPointerException nullRecord(OutputTag<?> tag) {
        return new NullPointerException("record must not be null: operator=" + emitterName
                + (tag == null ? "" : ", sideOutput=" + tag.id()) + "; null records cannot be carried");
    }
}
