package dev.tidemark.runtime.operators;

import dev.tidemark.api.ExecutionConfig;
import dev.tidemark.api.accumulators.Accumulator;
import dev.tidemark.api.functions.RuntimeContext;
import dev.tidemark.runtime.metrics.AccumulatorRegistry;
import java.io.Serializable;
import java.util.Objects;

/**
 * The plain {@link RuntimeContext}.
 *
 * @param operatorName the operator's name
 * @param subtaskIndex this instance's index
 * @param parallelism how many instances there are
 * @param checkpointing whether the job takes periodic checkpoints
 * @param config the job's configuration
 * @param accumulators where the instance's accumulators are kept (its name tells it from the others)
 */
public record BasicRuntimeContext(String operatorName, int subtaskIndex, int parallelism, boolean checkpointing,
        ExecutionConfig config, AccumulatorRegistry accumulators) implements RuntimeContext {

    @Override
    public <V, A extends Serializable> void addAccumulator(String name, Accumulator<V, A> accumulator) {
        accumulators.add(operatorName, Objects.requireNonNull(name, "accumulator name must not be null"),
                Objects.requireNonNull(accumulator, "accumulator must not be null"));
    }

    @Override
    @SuppressWarnings("unchecked")
    public <V, A extends Serializable> Accumulator<V, A> getAccumulator(String name) {
        return (Accumulator<V, A>) accumulators.get(operatorName, name);
    }

    @Override
    public ExecutionConfig getExecutionConfig() {
        return config;
    }

    @Override
    public boolean isCheckpointingEnabled() {
        return checkpointing;
    }

    @Override
    public String getOperatorName() {
        return operatorName;
    }

    @Override
    public int getIndexOfThisSubtask() {
        return subtaskIndex;
    }

    @Override
    public int getNumberOfParallelSubtasks() {
        return parallelism;
    }
}
