package dev.tidemark.benchmarks.nexmark;

/**
 * A result that replaces the key's earlier ones: the query's answer for a key is its result of the
 * highest version. Updating queries (q4, q6) emit these; the order of their updates depends on the
 * order their inputs meet, their answers do not.
 */
public interface Upsert {

    /** The key the result answers for. */
    long key();

    /** Counts up with every update of the key. */
    long version();
}
