package dev.tidemark.runtime.operators;

/** Creates one two-input operator per parallel subtask, with fresh copies of user functions. */
@FunctionalInterface
public interface TwoInputOperatorFactory<IN1, IN2, OUT> {

    TwoInputStreamOperator<IN1, IN2> create(OperatorContext<OUT> context);
}
