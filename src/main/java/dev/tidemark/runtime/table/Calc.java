package dev.tidemark.runtime.table;

import dev.tidemark.api.functions.Collector;
import dev.tidemark.api.functions.ProcessFunction;
import dev.tidemark.runtime.sql.Bound;
import dev.tidemark.runtime.sql.Evaluation;
import dev.tidemark.runtime.sql.Evaluator;
import java.util.List;

/**
 * A query's filter and projection: a row whose condition is TRUE (not FALSE, not NULL) becomes the
 * row of the projected values; records keep their timestamps, so a rowtime passed on unchanged
 * stays the records' time.
 */
final class Calc extends ProcessFunction<Object[], Object[]> {

    private static final long serialVersionUID = 1L;

    private final Bound condition; // null for no WHERE
    private final List<Bound> projections;
    private transient Evaluation test;
    private transient Evaluation[] values;
    private transient Clock clock;

    Calc(Bound condition, List<Bound> projections) {
        this.condition = condition;
        this.projections = List.copyOf(projections);
    }

    @Override
    public void processElement(Object[] row, Context ctx, Collector<Object[]> out) {
        if (values == null) {
            clock = new Clock();
            var timers = ctx.timerService();
            clock.readFrom(timers::currentProcessingTime);
            Evaluator evaluator = new Evaluator(clock);
            test = condition == null ? null : evaluator.compile(condition);
            values = projections.stream().map(evaluator::compile).toArray(Evaluation[]::new);
        }
        if (test != null && !Boolean.TRUE.equals(test.apply(row))) {
            return;
        }
        Object[] result = new Object[values.length];
        for (int i = 0; i < values.length; i++) {
            result[i] = values[i].apply(row);
        }
        out.collect(result);
    }
}
