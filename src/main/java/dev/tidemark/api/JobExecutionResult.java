package dev.tidemark.api;

import java.time.Duration;

/**
 * The result of a job that finished.
 *
 * @param jobName the job's name
 * @param netRuntime wall time from start to the last thread's end
 */
public record JobExecutionResult(String jobName, Duration netRuntime) {}
