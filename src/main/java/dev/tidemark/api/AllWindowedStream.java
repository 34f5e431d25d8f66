package dev.tidemark.api;

import dev.tidemark.api.functions.AggregateFunction;
import dev.tidemark.api.functions.AllWindowFunction;
import dev.tidemark.api.functions.ProcessAllWindowFunction;
import dev.tidemark.api.functions.ReduceFunction;
import dev.tidemark.runtime.operators.window.WindowFunctions;
import dev.tidemark.windowing.evictors.Evictor;
import dev.tidemark.windowing.triggers.Trigger;
import dev.tidemark.windowing.windows.Window;
import dev.tidemark.windowing.time.Time;
import java.time.Duration;

/**
 * A non-keyed stream cut into windows: all elements share one key, and the window operator runs as
 * a single instance whatever the environment's parallelism (as Flink's {@code windowAll}). Configure and finish it as a
 * {@link WindowedStream}.
 *
 * @param <T> element type
 * @param <W> window type
 */
public final class AllWindowedStream<T, W extends Window> implements FieldAggregations<T> {

    private final WindowedStream<T, Byte, W> windowed;

    AllWindowedStream(WindowedStream<T, Byte, W> windowed) {
        this.windowed = windowed;
    }

    public AllWindowedStream<T, W> trigger(Trigger<? super T, ? super W> trigger) {
        windowed.trigger(trigger);
        return this;
    }

    public AllWindowedStream<T, W> evictor(Evictor<? super T, ? super W> evictor) {
        windowed.evictor(evictor);
        return this;
    }

    /** As {@link #allowedLateness(Duration)}, with Flink 1.x's {@link Time}. */
    public AllWindowedStream<T, W> allowedLateness(Time lateness) {
        return allowedLateness(Time.toDuration(lateness, "lateness"));
    }

    public AllWindowedStream<T, W> allowedLateness(Duration lateness) {
        windowed.allowedLateness(lateness);
        return this;
    }

    public AllWindowedStream<T, W> sideOutputLateData(OutputTag<T> tag) {
        windowed.sideOutputLateData(tag);
        return this;
    }

    public SingleOutputStreamOperator<T> reduce(ReduceFunction<T> function) {
        return windowed.reduce(function).setParallelism(1);
    }

    public <ACC, V> SingleOutputStreamOperator<V> aggregate(AggregateFunction<T, ACC, V> function) {
        return windowed.aggregate(function).setParallelism(1);
    }

    /** Reduces each window eagerly, then hands the result to {@code function}. */
    public <R> SingleOutputStreamOperator<R> reduce(ReduceFunction<T> reduce, ProcessAllWindowFunction<T, R, W> function) {
        return windowed.reduce(reduce, WindowFunctions.<T, R, Byte, W>allWindow(requireFunction(function)))
                .setParallelism(1);
    }

    /** Reduces each window eagerly, then hands the result to {@code function}. */
    public <R> SingleOutputStreamOperator<R> reduce(ReduceFunction<T> reduce, AllWindowFunction<T, R, W> function) {
        return windowed.reduce(reduce, WindowFunctions.<T, R, Byte, W>ofAll(requireFunction(function))).setParallelism(1);
    }

    /** Aggregates each window eagerly, then hands the result to {@code function}. */
    public <ACC, V, R> SingleOutputStreamOperator<R> aggregate(AggregateFunction<T, ACC, V> aggregate,
            ProcessAllWindowFunction<V, R, W> function) {
        return windowed.aggregate(aggregate, WindowFunctions.<V, R, Byte, W>allWindow(requireFunction(function)))
                .setParallelism(1);
    }

    /** Aggregates each window eagerly, then hands the result to {@code function}. */
    public <ACC, V, R> SingleOutputStreamOperator<R> aggregate(AggregateFunction<T, ACC, V> aggregate,
            AllWindowFunction<V, R, W> function) {
        return windowed.aggregate(aggregate, WindowFunctions.<V, R, Byte, W>ofAll(requireFunction(function)))
                .setParallelism(1);
    }

    /** Hands all elements of each window to {@code function} when it fires. */
    public <R> SingleOutputStreamOperator<R> process(ProcessAllWindowFunction<T, R, W> function) {
        return windowed.process(WindowFunctions.allWindow(requireFunction(function))).setParallelism(1);
    }

    /** A field aggregation per window: see {@link FieldAggregations}. */
    @Override
    @Internal
    public SingleOutputStreamOperator<T> aggregateField(FieldAggregation<T> aggregation) {
        return windowed.aggregateField(aggregation).setParallelism(1);
    }

    /** Hands all elements of each window to {@code function} when it fires. */
    public <R> SingleOutputStreamOperator<R> apply(AllWindowFunction<T, R, W> function) {
        return windowed.process(WindowFunctions.ofAll(requireFunction(function))).setParallelism(1);
    }

    private static <F> F requireFunction(F function) {
        return java.util.Objects.requireNonNull(function, "window function must not be null");
    }
}
