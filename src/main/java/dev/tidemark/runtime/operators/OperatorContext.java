package dev.tidemark.runtime.operators;

import dev.tidemark.api.ExecutionConfig;
import dev.tidemark.api.functions.RuntimeContext;
import dev.tidemark.runtime.metrics.MetricRegistry;
import dev.tidemark.runtime.timers.ProcessingTimeService;

/**
 * What the runtime gives an operator when it creates it.
 *
 * @param operatorName the name shown in errors and logs
 * @param output where the operator emits
 * @param timeService the task's processing-time clock; callbacks' exceptions name this operator
 * @param config the job's configuration
 * @param subtaskIndex this instance's index
 * @param parallelism how many instances the operator has
 * @param metrics the job's metrics, where the operator registers its counters
 * @param <OUT> the operator's output type
 */
public record OperatorContext<OUT>(
        String operatorName,
        Output<OUT> output,
        ProcessingTimeService timeService,
        ExecutionConfig config,
        int subtaskIndex,
        int parallelism,
        MetricRegistry metrics,
        dev.tidemark.runtime.metrics.AccumulatorRegistry accumulators) {

    /** The runtime context handed to rich user functions. */
    public RuntimeContext runtimeContext() {
        return new BasicRuntimeContext(operatorName, subtaskIndex, parallelism,
                config.getCheckpointConfig().isCheckpointingEnabled(), config, accumulators);
    }

    /** This operator's counter {@code metric}. */
    public dev.tidemark.runtime.metrics.Counter counter(String metric) {
        return metrics.counter(operatorName, metric);
    }
}
