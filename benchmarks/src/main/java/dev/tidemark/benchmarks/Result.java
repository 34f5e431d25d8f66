package dev.tidemark.benchmarks;

/**
 * What a run produced: how many window results and their order-independent checksum; every engine
 * must produce the same.
 *
 * @param count results
 * @param checksum sum of {@link Events#resultHash}
 */
public record Result(long count, long checksum) {}
