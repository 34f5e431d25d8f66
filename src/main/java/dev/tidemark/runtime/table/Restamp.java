package dev.tidemark.runtime.table;

import dev.tidemark.runtime.operators.ForwardingOperator;
import dev.tidemark.runtime.operators.OperatorContext;
import dev.tidemark.runtime.sql.Evaluator;

/** Sets each row's record timestamp to the value of one of its rowtime columns. */
final class Restamp extends ForwardingOperator<Object[], Object[]> {

    private final int column;

    Restamp(int column, OperatorContext<Object[]> context) {
        super(context, null);
        this.column = column;
    }

    @Override
    public void processElement(Object[] row, long timestamp) {
        output.collect(row, Evaluator.epochMillis(row[column]));
    }
}
