package dev.tidemark.benchmarks.nexmark;

import dev.tidemark.api.functions.Collector;
import dev.tidemark.api.functions.ProcessWindowFunction;
import dev.tidemark.windowing.windows.TimeWindow;
import java.io.Serializable;

/**
 * A window's count with its key and bounds, as q5, q11 and q12 emit it: the window function behind
 * a counting aggregate.
 */
final class LabelledCount<R> extends ProcessWindowFunction<Long, R, Long, TimeWindow> {

    /** Makes the result record. */
    interface Label<R> extends Serializable {
        R of(long key, long count, long start, long end);
    }

    private final Label<R> label;

    LabelledCount(Label<R> label) {
        this.label = label;
    }

    @Override
    public void process(Long key, Context context, Iterable<Long> counts, Collector<R> out) {
        out.collect(label.of(key, counts.iterator().next(), context.window().getStart(), context.window().getEnd()));
    }
}
