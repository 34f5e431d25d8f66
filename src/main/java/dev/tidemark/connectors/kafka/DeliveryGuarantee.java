package dev.tidemark.connectors.kafka;

/** What a {@link KafkaSink} promises about each element it is given, across failures. */
public enum DeliveryGuarantee {
    /** Written once or not at all: nothing is flushed at checkpoints, so a failure can lose what was in flight. */
    NONE,
    /** Written at least once: each checkpoint waits until everything before it is in Kafka; a restore writes again what came after. */
    AT_LEAST_ONCE,
    /**
     * Written exactly once, visible to {@code read_committed} readers when the checkpoint after it
     * completes, through a Kafka transaction; see {@link KafkaSink} for how.
     */
    EXACTLY_ONCE
}
