package dev.tidemark.benchmarks;

import java.io.Serializable;

/**
 * One event of the workload.
 *
 * @param key the key
 * @param value the value
 * @param timestamp event time in milliseconds
 */
public record Event(long key, long value, long timestamp) implements Serializable {}
