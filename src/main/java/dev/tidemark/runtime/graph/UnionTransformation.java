package dev.tidemark.runtime.graph;

import java.util.List;

/** A virtual node: the elements of all its inputs, as one stream. Runs no operator. */
public final class UnionTransformation<T> extends Transformation<T> {

    private final List<Transformation<T>> inputs;

    public UnionTransformation(List<Transformation<T>> inputs) {
        super("Union");
        this.inputs = List.copyOf(inputs);
    }

    public List<Transformation<T>> unionInputs() {
        return inputs;
    }

    @Override
    public List<Transformation<?>> inputs() {
        return List.copyOf(inputs);
    }
}
