package dev.tidemark.eventtime;

/**
 * A {@link TimestampAssigner}, named as Flink programs name the serializable one they pass to
 * {@code withTimestampAssigner} (every assigner is serializable here).
 *
 * @param <T> the element type
 */
@FunctionalInterface
public interface SerializableTimestampAssigner<T> extends TimestampAssigner<T> {}
