package dev.tidemark.checkpoint;

/**
 * The guarantee Flink programs ask of checkpoints. Tidemark's checkpoints are always aligned, so
 * both give exactly-once state (see {@link CheckpointConfig#setCheckpointingMode}).
 */
public enum CheckpointingMode {
    EXACTLY_ONCE,
    AT_LEAST_ONCE
}
