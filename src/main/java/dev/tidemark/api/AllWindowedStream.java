package dev.tidemark.api;

import dev.tidemark.api.functions.AggregateFunction;
import dev.tidemark.api.functions.ProcessAllWindowFunction;
import dev.tidemark.api.functions.ReduceFunction;
import dev.tidemark.runtime.operators.window.WindowFunctions;
import dev.tidemark.windowing.evictors.Evictor;
import dev.tidemark.windowing.triggers.Trigger;
import dev.tidemark.windowing.windows.Window;
import java.time.Duration;

/**
 * A non-keyed stream cut into windows: all elements share one key, and the window operator runs as
 * a single instance whatever the environment's parallelism (as Flink's {@code windowAll}). Configure and finish it as a
 * {@link WindowedStream}.
 *
 * @param <T> element type
 * @param <W> window type
 */
public final class AllWindowedStream<T, W extends Window> {

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

    public <R> SingleOutputStreamOperator<R> process(ProcessAllWindowFunction<T, R, W> function) {
        return windowed.process(WindowFunctions.allWindow(function)).setParallelism(1);
    }
}
