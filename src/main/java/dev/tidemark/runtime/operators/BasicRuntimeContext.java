package dev.tidemark.runtime.operators;

import dev.tidemark.api.ExecutionConfig;
import dev.tidemark.api.functions.RuntimeContext;

/**
 * The plain {@link RuntimeContext}.
 *
 * @param operatorName the operator's name
 * @param subtaskIndex this instance's index
 * @param parallelism how many instances there are
 * @param checkpointing whether the job takes periodic checkpoints
 * @param config the job's configuration
 */
public record BasicRuntimeContext(String operatorName, int subtaskIndex, int parallelism, boolean checkpointing,
        ExecutionConfig config) implements RuntimeContext {

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
