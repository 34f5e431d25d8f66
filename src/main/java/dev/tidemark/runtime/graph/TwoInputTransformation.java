package dev.tidemark.runtime.graph;

import dev.tidemark.runtime.operators.TwoInputOperatorFactory;
import java.util.List;

/** An operator with two inputs of different types: the co-functions of {@code connect}. */
public final class TwoInputTransformation<IN1, IN2, OUT> extends Transformation<OUT> {

    private final Transformation<IN1> input1;
    private final Transformation<IN2> input2;
    private final TwoInputOperatorFactory<IN1, IN2, OUT> factory;

    public TwoInputTransformation(String name, Transformation<IN1> input1, Transformation<IN2> input2,
            TwoInputOperatorFactory<IN1, IN2, OUT> factory) {
        super(name);
        this.input1 = input1;
        this.input2 = input2;
        this.factory = factory;
    }

    public Transformation<IN1> input1() {
        return input1;
    }

    public Transformation<IN2> input2() {
        return input2;
    }

    public TwoInputOperatorFactory<IN1, IN2, OUT> factory() {
        return factory;
    }

    @Override
    public List<Transformation<?>> inputs() {
        return List.of(input1, input2);
    }
}
