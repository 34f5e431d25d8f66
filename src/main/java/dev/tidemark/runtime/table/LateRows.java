package dev.tidemark.runtime.table;

import dev.tidemark.runtime.operators.ForwardingOperator;
import dev.tidemark.runtime.operators.LateRecords;
import dev.tidemark.runtime.operators.OperatorContext;

/**
 * Drops and counts the rows the watermark has reached, before an operator that emits rows in time
 * order (OVER): such a row's time has been emitted already. A row that passes is never late
 * downstream either, whose watermark is the least of all upstream ones.
 */
final class LateRows extends ForwardingOperator<Object[], Object[]> {

    private final LateRecords late;

    LateRows(OperatorContext<Object[]> context) {
        super(context, null);
        this.late = new LateRecords(null, context, "let the watermark lag further behind the rowtime");
    }

    @Override
    public void processElement(Object[] row, long timestamp) {
        if (timestamp <= currentWatermark) {
            late.late(row, timestamp, currentWatermark);
        } else {
            output.collect(row, timestamp);
        }
    }
}
