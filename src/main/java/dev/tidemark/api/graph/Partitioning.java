package dev.tidemark.api.graph;

import dev.tidemark.api.functions.KeySelector;

/** How a {@link Operation.Partition} node sends its input's elements on to the instances after it. */
public sealed interface Partitioning {

    /** Instance i to instance i ({@code forward()}). */
    record Forward() implements Partitioning {}

    /** Round-robin over all instances ({@code rebalance()}). */
    record Rebalance() implements Partitioning {}

    /** Round-robin over a local subset of the instances ({@code rescale()}). */
    record Rescale() implements Partitioning {}

    /** A random instance per element ({@code shuffle()}). */
    record Shuffle() implements Partitioning {}

    /** Every element to every instance ({@code broadcast()}). */
    record Broadcast() implements Partitioning {}

    /** Every element to instance 0 ({@code global()}). */
    record Global() implements Partitioning {}

    /** By key, through the key's key group ({@code keyBy(..)}). */
    record Hash(KeySelector<?, ?> keySelector) implements Partitioning {}
}
