package dev.tidemark.benchmarks;

/**
 * What a run produced: how many window results and their order-independent checksum; every engine
 * must produce the same.
 *
 * @param count results
 * @param checksum sum of {@link Events#resultHash}
 */
public record Result(long count, long checksum) {

    /**
     * This result, if it equals {@code expected}.
     *
     * @throws IllegalStateException otherwise: a benchmark whose engines disagree measures nothing
     */
    public Result requireEqualTo(Result expected) {
        if (!equals(expected)) {
            throw new IllegalStateException("results must match the baseline: expected=" + expected + ", actual=" + this);
        }
        return this;
    }
}
