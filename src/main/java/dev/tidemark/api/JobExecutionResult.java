package dev.tidemark.api;

import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * The result of a job that finished.
 *
 * @param jobName the job's name
 * @param netRuntime wall time from start to the last thread's end
 * @param accumulatorResults what the functions of the job's last attempt added to their
 *     accumulators, merged over their instances, by name
 */
public record JobExecutionResult(String jobName, Duration netRuntime, Map<String, Object> accumulatorResults) {

    public JobExecutionResult {
        accumulatorResults = Map.copyOf(Objects.requireNonNull(accumulatorResults, "accumulator results must not be null"));
    }

    /** A result without accumulators. */
    public JobExecutionResult(String jobName, Duration netRuntime) {
        this(jobName, netRuntime, Map.of());
    }

    /** The merged value of accumulator {@code name}, or {@code null} if no function added one; as Flink names it. */
    @SuppressWarnings("unchecked")
    public <T> T getAccumulatorResult(String name) {
        return (T) accumulatorResults.get(name);
    }

    /** Every accumulator's merged value, by name; as Flink names it. */
    public Map<String, Object> getAllAccumulatorResults() {
        return accumulatorResults;
    }

    /** The net runtime in milliseconds, as Flink gives it. */
    public long getNetRuntime() {
        return netRuntime.toMillis();
    }

    public long getNetRuntime(TimeUnit unit) {
        return unit.convert(netRuntime);
    }

    public String getJobName() {
        return jobName;
    }
}
