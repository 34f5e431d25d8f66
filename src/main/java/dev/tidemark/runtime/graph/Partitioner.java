package dev.tidemark.runtime.graph;

import dev.tidemark.api.functions.KeySelector;

/**
 * How the records of an edge are distributed over the downstream operator's parallel instances.
 * Watermarks, watermark status and end of input always go to every channel of the edge.
 */
public sealed interface Partitioner {

    /** Instance i sends to instance i; only between equal parallelism; chained when possible. */
    record Forward() implements Partitioner {}

    /** Round-robin over every downstream instance. */
    record Rebalance() implements Partitioner {}

    /** Round-robin over a local subset of downstream instances. */
    record Rescale() implements Partitioner {}

    /** A pseudo-random downstream instance per record. */
    record Shuffle() implements Partitioner {}

    /** Every record to every downstream instance. */
    record Broadcast() implements Partitioner {}

    /** Every record to downstream instance 0. */
    record Global() implements Partitioner {}

    /**
     * By key: the instance that owns the key's key group.
     *
     * @param keySelector serialized with the graph; each producer instance uses its own copy
     */
    record Hash(SerializedValue<? extends KeySelector<?, ?>> keySelector) implements Partitioner {}

    /** The name shown in plans and errors. */
    default String displayName() {
        return getClass().getSimpleName().toUpperCase();
    }
}
