package dev.tidemark.runtime.graph;

import java.util.List;

/** A virtual node: its input, redistributed by {@link #partitioner()}. Runs no operator. */
public final class PartitionTransformation<T> extends Transformation<T> {

    private final Transformation<T> input;
    private final Partitioner partitioner;

    public PartitionTransformation(Transformation<T> input, Partitioner partitioner) {
        super("Partition(" + partitioner.displayName() + ")");
        this.input = input;
        this.partitioner = partitioner;
    }

    public Transformation<T> input() {
        return input;
    }

    public Partitioner partitioner() {
        return partitioner;
    }

    @Override
    public List<Transformation<?>> inputs() {
        return List.of(input);
    }
}
