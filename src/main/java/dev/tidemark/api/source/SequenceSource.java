package dev.tidemark.api.source;

import dev.tidemark.api.functions.RichFunction;
import dev.tidemark.api.functions.RuntimeContext;

/**
 * A bounded source of the longs {@code from} to {@code to}, both inclusive, without timestamps. In
 * parallel, instance {@code i} of {@code n} emits {@code from + i}, {@code from + i + n}, ...
 */
public final class SequenceSource implements ParallelSourceFunction<Long>, RichFunction {

    private static final long serialVersionUID = 1L;

    private final long from;
    private final long to;
    private long first;
    private long step = 1;
    private volatile boolean running = true;

    /** @throws IllegalArgumentException if {@code from > to} */
    public SequenceSource(long from, long to) {
        if (from > to) {
            throw new IllegalArgumentException("from must not be greater than to: from=" + from + ", to=" + to);
        }
        this.from = from;
        this.to = to;
        this.first = from;
    }

    @Override
    public void open(RuntimeContext context) {
        step = context.getNumberOfParallelSubtasks();
        first = from + context.getIndexOfThisSubtask();
    }

    @Override
    public void run(SourceContext<Long> ctx) {
        if (first > to || first < from) {
            return; // more instances than numbers, or an overflowing start
        }
        for (long i = first; running; i += step) {
            ctx.collect(i);
            if (Long.compareUnsigned(to - i, step) < 0) {
                return; // the next value would pass 'to'; unsigned because to - i may exceed Long.MAX_VALUE
            }
        }
    }

    @Override
    public void cancel() {
        running = false;
    }
}
