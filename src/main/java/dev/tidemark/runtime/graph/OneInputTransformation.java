package dev.tidemark.runtime.graph;

import dev.tidemark.runtime.operators.OperatorFactory;
import java.util.List;

/** An operator with one input: map, filter, process, timestamp assignment, sinks. */
public final class OneInputTransformation<IN, OUT> extends Transformation<OUT> {

    private final Transformation<IN> input;
    private final OperatorFactory<IN, OUT> factory;
    private final boolean sink;

    public OneInputTransformation(String name, Transformation<IN> input, OperatorFactory<IN, OUT> factory, boolean sink) {
        super(name);
        this.input = input;
        this.factory = factory;
        this.sink = sink;
    }

    public Transformation<IN> input() {
        return input;
    }

    public OperatorFactory<IN, OUT> factory() {
        return factory;
    }

    /** Whether this node ends the pipeline. */
    public boolean isSink() {
        return sink;
    }

    @Override
    public List<Transformation<?>> inputs() {
        return List.of(input);
    }
}
