package dev.tidemark.api.functions;

import dev.tidemark.api.ExecutionConfig;
import java.util.Map;

import dev.tidemark.state.AggregatingState;
import dev.tidemark.state.AggregatingStateDescriptor;
import dev.tidemark.state.KeyedStateStore;
import dev.tidemark.state.ListState;
import dev.tidemark.state.ListStateDescriptor;
import dev.tidemark.state.MapState;
import dev.tidemark.state.MapStateDescriptor;
import dev.tidemark.state.ReducingState;
import dev.tidemark.state.ReducingStateDescriptor;
import dev.tidemark.state.ValueState;
import dev.tidemark.state.ValueStateDescriptor;

/**
 * What a {@link RichFunction} learns about the parallel instance that runs it, and where it gets
 * keyed state. Keyed state exists only on keyed streams (after {@code keyBy}); elsewhere the state
 * getters throw {@link UnsupportedOperationException}.
 */
public interface RuntimeContext extends KeyedStateStore {

    /** The operator's name, as shown in error messages and logs. */
    String getOperatorName();

    /** This instance's index, from 0 to {@link #getNumberOfParallelSubtasks()} - 1. */
    int getIndexOfThisSubtask();

    /** How many parallel instances the operator has. */
    int getNumberOfParallelSubtasks();

    /**
     * Whether the job takes periodic checkpoints: then results become final when a checkpoint
     * completes; without, when the input ends (see {@code TwoPhaseCommitSink}).
     */
    default boolean isCheckpointingEnabled() {
        return false;
    }

    /** The job's configuration. */
    default ExecutionConfig getExecutionConfig() {
        throw new UnsupportedOperationException("this runtime context has no job configuration: operator="
                + getOperatorName());
    }

    /** The job's global parameters ({@code ExecutionConfig.setGlobalJobParameters}), as Flink 2.x reads them. */
    default Map<String, String> getGlobalJobParameters() {
        return getExecutionConfig().getGlobalJobParameters().toMap();
    }

    /**
     * Registers {@code accumulator} of this instance under {@code name}; the job's result holds
     * every instance's, merged ({@code JobExecutionResult.getAccumulatorResult(name)}).
     *
     * @throws IllegalStateException if this instance already has an accumulator of that name
     */
    default <V, A extends java.io.Serializable> void addAccumulator(String name,
            dev.tidemark.api.accumulators.Accumulator<V, A> accumulator) {
        throw new UnsupportedOperationException("this runtime context keeps no accumulators: operator="
                + getOperatorName());
    }

    /** This instance's accumulator of that name, or {@code null}. */
    default <V, A extends java.io.Serializable> dev.tidemark.api.accumulators.Accumulator<V, A> getAccumulator(
            String name) {
        return null;
    }

    /** This instance's {@code IntCounter} of that name, added at the first call. */
    default dev.tidemark.api.accumulators.IntCounter getIntCounter(String name) {
        return accumulator(name, dev.tidemark.api.accumulators.IntCounter.class,
                dev.tidemark.api.accumulators.IntCounter::new);
    }

    /** This instance's {@code LongCounter} of that name, added at the first call. */
    default dev.tidemark.api.accumulators.LongCounter getLongCounter(String name) {
        return accumulator(name, dev.tidemark.api.accumulators.LongCounter.class,
                dev.tidemark.api.accumulators.LongCounter::new);
    }

    /** This instance's {@code DoubleCounter} of that name, added at the first call. */
    default dev.tidemark.api.accumulators.DoubleCounter getDoubleCounter(String name) {
        return accumulator(name, dev.tidemark.api.accumulators.DoubleCounter.class,
                dev.tidemark.api.accumulators.DoubleCounter::new);
    }

    /** This instance's {@code Histogram} of that name, added at the first call. */
    default dev.tidemark.api.accumulators.Histogram getHistogram(String name) {
        return accumulator(name, dev.tidemark.api.accumulators.Histogram.class,
                dev.tidemark.api.accumulators.Histogram::new);
    }

    private <A extends dev.tidemark.api.accumulators.Accumulator<?, ?>> A accumulator(String name, Class<A> kind,
            java.util.function.Supplier<A> create) {
        Object existing = getAccumulator(name);
        if (existing == null) {
            A created = create.get();
            addAccumulator(name, (dev.tidemark.api.accumulators.Accumulator) created);
            return created;
        }
        if (!kind.isInstance(existing)) {
            throw new IllegalStateException("accumulator is of another kind: name=" + name + ", kind="
                    + existing.getClass().getSimpleName() + ", asked=" + kind.getSimpleName());
        }
        return kind.cast(existing);
    }

    /** This instance's place, as Flink 2.x reads it. */
    default TaskInfo getTaskInfo() {
        return new TaskInfo(getOperatorName(), getIndexOfThisSubtask(), getNumberOfParallelSubtasks(),
                getExecutionConfig().getMaxParallelism());
    }

    @Override
    default <T> ValueState<T> getState(ValueStateDescriptor<T> descriptor) {
        throw noKeyedState(getOperatorName());
    }

    @Override
    default <T> ListState<T> getListState(ListStateDescriptor<T> descriptor) {
        throw noKeyedState(getOperatorName());
    }

    @Override
    default <K, V> MapState<K, V> getMapState(MapStateDescriptor<K, V> descriptor) {
        throw noKeyedState(getOperatorName());
    }

    @Override
    default <T> ReducingState<T> getReducingState(ReducingStateDescriptor<T> descriptor) {
        throw noKeyedState(getOperatorName());
    }

    @Override
    default <IN, ACC, OUT> AggregatingState<IN, OUT> getAggregatingState(
            AggregatingStateDescriptor<IN, ACC, OUT> descriptor) {
        throw noKeyedState(getOperatorName());
    }

    private static UnsupportedOperationException noKeyedState(String operator) {
        return new UnsupportedOperationException("keyed state must be used on a keyed stream: operator=" + operator
                + "; call keyBy(...) before this operator");
    }
}
