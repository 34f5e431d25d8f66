package dev.tidemark.runtime.graph;

import dev.tidemark.runtime.operators.OperatorFactory;
import java.util.List;

/** An operator with one input: map, filter, process, timestamp assignment, sinks. */
public final class OneInputTransformation<IN, OUT> extends Transformation<OUT> {

    private final Transformation<IN> input;
    private final OperatorFactory<IN, OUT> factory;
    private final boolean sink;
    private int inputBufferCapacity;

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

    /**
     * How many elements each input ring of this operator holds, a power of two; 0 for the task's
     * share of its ring budget. A small ring bounds what a producer hands ahead: the file readers'
     * splits, which a checkpoint barrier would otherwise queue behind.
     */
    public int inputBufferCapacity() {
        return inputBufferCapacity;
    }

    /** See {@link #inputBufferCapacity()}. */
    public void setInputBufferCapacity(int capacity) {
        if (capacity < 0 || capacity > 0 && Integer.bitCount(capacity) != 1) {
            throw new IllegalArgumentException("input buffer capacity must be 0 or a power of two: capacity=" + capacity);
        }
        this.inputBufferCapacity = capacity;
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
