package dev.tidemark.runtime.task;

import dev.tidemark.api.OutputTag;
import dev.tidemark.eventtime.Watermark;
import dev.tidemark.runtime.metrics.Counter;
import dev.tidemark.runtime.operators.Output;
import dev.tidemark.runtime.operators.WatermarkStatus;
import java.util.Map;

/**
 * An operator's output: hands each record by reference to every consumer of the main output
 * (chained operators, called directly, and network edges), and side-output records to the consumers
 * of that side output. Watermarks and status go to every consumer.
 *
 * <p>Threading: the task thread only.
 */
final class ChainedOutput<T> implements Output<T> {

    private final String emitterName;
    private final Output<T>[] main;
    private final Map<OutputTag<?>, Output<?>[]> side;
    private final Counter recordsOut;
    private final ChainedOperator<T> next; // the one consumer, when it is a chained operator

    ChainedOutput(String emitterName, Output<T>[] main, Map<OutputTag<?>, Output<?>[]> side, Counter recordsOut) {
        this.emitterName = emitterName;
        this.main = main;
        this.side = side;
        this.recordsOut = recordsOut;
        this.next = main.length == 1 && main[0] instanceof ChainingOutput<T> chaining ? chaining.target() : null;
    }

    @Override
    public void collect(T value, long timestamp) {
        if (value == null) {
            throw nullRecord(null);
        }
        recordsOut.inc();
        if (next != null) {
            next.processElement(value, timestamp);
            return;
        }
        for (Output<T> target : main) {
            target.collect(value, timestamp);
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    public <X> void collect(OutputTag<X> tag, X value, long timestamp) {
        if (value == null) {
            throw nullRecord(tag);
        }
        recordsOut.inc();
        Output<?>[] targets = side.get(tag);
        if (targets != null) {
            for (Output<?> target : targets) {
                ((Output<X>) target).collect(value, timestamp);
            }
        }
    }

    @Override
    public void emitWatermark(Watermark watermark) {
        for (Output<T> target : main) {
            target.emitWatermark(watermark);
        }
        for (Output<?>[] targets : side.values()) {
            for (Output<?> target : targets) {
                target.emitWatermark(watermark);
            }
        }
    }

    @Override
    public void emitWatermarkStatus(WatermarkStatus status) {
        for (Output<T> target : main) {
            target.emitWatermarkStatus(status);
        }
        for (Output<?>[] targets : side.values()) {
            for (Output<?> target : targets) {
                target.emitWatermarkStatus(status);
            }
        }
    }

    private NullPointerException nullRecord(OutputTag<?> tag) {
        return new NullPointerException("record must not be null: operator=" + emitterName
                + (tag == null ? "" : ", sideOutput=" + tag.id()) + "; null records cannot be carried");
    }
}
