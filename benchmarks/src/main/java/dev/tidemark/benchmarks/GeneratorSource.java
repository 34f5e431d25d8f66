package dev.tidemark.benchmarks;

import dev.tidemark.api.functions.RichFunction;
import dev.tidemark.api.functions.RuntimeContext;
import dev.tidemark.api.source.ParallelSourceFunction;

/** Emits the workload's events {@code 0..count-1}; instance {@code k} of {@code n} emits {@code k, k+n, ...}. */
public final class GeneratorSource implements ParallelSourceFunction<Event>, RichFunction {

    private static final long serialVersionUID = 1L;

    private final long count;
    private final long eventsPerMilli;
    private long first;
    private long step = 1;
    private volatile boolean running = true;

    public GeneratorSource(long count, long eventsPerMilli) {
        this.count = count;
        this.eventsPerMilli = eventsPerMilli;
    }

    @Override
    public void open(RuntimeContext context) {
        first = context.getIndexOfThisSubtask();
        step = context.getNumberOfParallelSubtasks();
    }

    @Override
    public void run(SourceContext<Event> ctx) {
        for (long i = first; i < count && running; i += step) {
            ctx.collect(new Event(Events.key(i), Events.value(i), Events.timestamp(i, eventsPerMilli)));
        }
    }

    @Override
    public void cancel() {
        running = false;
    }
}
