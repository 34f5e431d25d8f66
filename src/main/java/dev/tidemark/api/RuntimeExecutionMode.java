package dev.tidemark.api;

/**
 * How Flink runs a job: as a stream, as a batch of bounded input, or chosen from the sources.
 * Tidemark accepts each and runs every job as a stream: on bounded input, the end of input sends the
 * final watermark, so every window and event-time timer fires as in batch mode; but rolling
 * aggregations ({@code keyBy(..).sum(..)}) emit each update, where Flink's batch mode emits only
 * the last per key (see {@code docs/migrating-from-flink.md}).
 */
public enum RuntimeExecutionMode {
    STREAMING,
    BATCH,
    AUTOMATIC
}
