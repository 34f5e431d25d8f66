package dev.tidemark.runtime.table;

import dev.tidemark.eventtime.Watermark;
import dev.tidemark.eventtime.WatermarkGenerator;
import dev.tidemark.eventtime.WatermarkOutput;
import dev.tidemark.runtime.sql.Evaluation;
import dev.tidemark.runtime.sql.Evaluator;

/**
 * The watermark of {@code WATERMARK FOR ts AS expression}, as Flink's SQL computes it: the largest
 * value of the expression so far, emitted periodically when it grew, or after every row that made it
 * grow when the auto-watermark interval is zero. Unlike
 * {@code forBoundedOutOfOrderness}, no millisecond is taken off: {@code ts - INTERVAL '5' SECOND}
 * gives a watermark 5 s behind the largest {@code ts}.
 */
final class ExpressionWatermarks implements WatermarkGenerator<Object[]> {

    private final Evaluation expression;
    private final boolean perRow;
    private long largest = Long.MIN_VALUE;
    private long emitted = Long.MIN_VALUE;

    ExpressionWatermarks(Evaluation expression, boolean perRow) {
        this.expression = expression;
        this.perRow = perRow;
    }

    @Override
    public void onEvent(Object[] row, long eventTimestamp, WatermarkOutput output) {
        Object value = expression.apply(row);
        if (value != null) {
            largest = Math.max(largest, Evaluator.epochMillis(value));
        }
        if (perRow) {
            onPeriodicEmit(output);
        }
    }

    @Override
    public void onPeriodicEmit(WatermarkOutput output) {
        if (largest > emitted) {
            emitted = largest;
            output.emitWatermark(new Watermark(largest));
        }
    }
}
