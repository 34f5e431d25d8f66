package dev.tidemark.runtime.operators;

/**
 * Creates one operator instance per parallel subtask, with fresh copies of user functions.
 *
 * @param <IN> the operator's input type
 * @param <OUT> the operator's output type
 */
@FunctionalInterface
public interface OperatorFactory<IN, OUT> {

    /** Creates the operator for one subtask. */
    StreamOperator<IN> create(OperatorContext<OUT> context);
}
