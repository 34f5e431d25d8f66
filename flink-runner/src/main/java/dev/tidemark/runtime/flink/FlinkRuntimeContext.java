package dev.tidemark.runtime.flink;

import dev.tidemark.api.ExecutionConfig;
import dev.tidemark.api.functions.RichFunction;
import dev.tidemark.api.functions.RuntimeContext;
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
 * The Tidemark runtime context of a function that runs inside a Flink operator: the task's name,
 * index and parallelism from Flink's, keyed state through Flink's state backend. Accumulators and
 * global job parameters are not carried over (a function that adds an accumulator gets the
 * context's usual refusal).
 */
final class FlinkRuntimeContext implements RuntimeContext {

    private final org.apache.flink.api.common.functions.RuntimeContext flink;
    private final boolean checkpointing;
    private KeyedStateStore state; // made on first use: a context of a stream that is not keyed never asks

    FlinkRuntimeContext(org.apache.flink.api.common.functions.RuntimeContext flink, boolean checkpointing) {
        this.flink = flink;
        this.checkpointing = checkpointing;
    }

    /** Opens {@code function} with a context over {@code flink}, if it is a rich function. */
    static void open(Object function, org.apache.flink.api.common.functions.RuntimeContext flink) throws Exception {
        open(function, flink, false);
    }

    /**
     * As {@link #open(Object, org.apache.flink.api.common.functions.RuntimeContext)}, saying whether
     * the job checkpoints (Flink 2.x's runtime context no longer says): a two-phase-commit sink
     * commits at the end of the input only without checkpoints.
     */
    static void open(Object function, org.apache.flink.api.common.functions.RuntimeContext flink, boolean checkpointing)
            throws Exception {
        if (function instanceof RichFunction rich) {
            rich.open(new FlinkRuntimeContext(flink, checkpointing));
        }
    }

    /** Closes {@code function}, if it is a rich function. */
    static void close(Object function) throws Exception {
        if (function instanceof RichFunction rich) {
            rich.close();
        }
    }

    @Override
    public String getOperatorName() {
        return flink.getTaskInfo().getTaskName();
    }

    @Override
    public int getIndexOfThisSubtask() {
        return flink.getTaskInfo().getIndexOfThisSubtask();
    }

    @Override
    public int getNumberOfParallelSubtasks() {
        return flink.getTaskInfo().getNumberOfParallelSubtasks();
    }

    @Override
    public boolean isCheckpointingEnabled() {
        return checkpointing;
    }

    @Override
    public ExecutionConfig getExecutionConfig() {
        // the job's own configuration stays with the environment that built it; what a function reads at run time is this
        return new ExecutionConfig().setMaxParallelism(flink.getTaskInfo().getMaxNumberOfParallelSubtasks());
    }

    private KeyedStateStore state() {
        if (state == null) {
            state = FlinkStates.store(FlinkStates.of(flink), getOperatorName());
        }
        return state;
    }

    @Override
    public <T> ValueState<T> getState(ValueStateDescriptor<T> descriptor) {
        return state().getState(descriptor);
    }

    @Override
    public <T> ListState<T> getListState(ListStateDescriptor<T> descriptor) {
        return state().getListState(descriptor);
    }

    @Override
    public <K, V> MapState<K, V> getMapState(MapStateDescriptor<K, V> descriptor) {
        return state().getMapState(descriptor);
    }

    @Override
    public <T> ReducingState<T> getReducingState(ReducingStateDescriptor<T> descriptor) {
        return state().getReducingState(descriptor);
    }

    @Override
    public <IN, ACC, OUT> AggregatingState<IN, OUT> getAggregatingState(
            AggregatingStateDescriptor<IN, ACC, OUT> descriptor) {
        return state().getAggregatingState(descriptor);
    }
}
