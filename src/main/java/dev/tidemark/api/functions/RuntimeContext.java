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
