package dev.tidemark.benchmarks;

import dev.tidemark.api.functions.RichFunction;
import dev.tidemark.api.functions.RuntimeContext;
import dev.tidemark.api.source.ParallelSourceFunction;
import dev.tidemark.checkpoint.CheckpointedFunction;
import dev.tidemark.checkpoint.FunctionInitializationContext;
import dev.tidemark.checkpoint.FunctionSnapshotContext;
import dev.tidemark.state.ListState;
import dev.tidemark.state.ListStateDescriptor;
import java.util.List;

/**
 * Emits the workload's events {@code 0..count-1}; instance {@code k} of {@code n} emits {@code k, k+n, ...}.
 * A source for one part of the events ({@code part} of {@code parts}) emits those {@code i} with
 * {@code i % parts == part}, shared out among its instances alike.
 * Its position is checkpointed (as a real source's would be), so checkpointing costs what it costs a
 * user: the checkpoint lock per event and a snapshot per checkpoint.
 */
public final class GeneratorSource implements ParallelSourceFunction<Event>, RichFunction, CheckpointedFunction {

    private static final long serialVersionUID = 1L;

    private final long count;
    private final long eventsPerMilli;
    private final int part;
    private final int parts;
    private long first;
    private long step = 1;
    private volatile boolean running = true;
    private transient ListState<Long> nextState;
    private long next = -1;

    private final boolean checkpointed;

    /** A source for jobs without checkpoints: no lock per event. */
    public GeneratorSource(long count, long eventsPerMilli) {
        this(count, eventsPerMilli, false);
    }

    /** @param checkpointed whether to emit under the checkpoint lock, as a source must when checkpoints are taken */
    public GeneratorSource(long count, long eventsPerMilli, boolean checkpointed) {
        this(count, eventsPerMilli, checkpointed, 0, 1);
    }

    /** A source of the events {@code i} with {@code i % parts == part}, without checkpoints. */
    public GeneratorSource(long count, long eventsPerMilli, int part, int parts) {
        this(count, eventsPerMilli, false, part, parts);
    }

    private GeneratorSource(long count, long eventsPerMilli, boolean checkpointed, int part, int parts) {
        this.count = count;
        this.eventsPerMilli = eventsPerMilli;
        this.checkpointed = checkpointed;
        this.part = part;
        this.parts = parts;
    }

    @Override
    public void initializeState(FunctionInitializationContext context) {
        nextState = context.getOperatorStateStore().getListState(new ListStateDescriptor<>("next", Long.class));
        nextState.get().forEach(n -> next = n);
    }

    @Override
    public void snapshotState(FunctionSnapshotContext context) {
        nextState.update(List.of(next));
    }

    @Override
    public void open(RuntimeContext context) {
        first = part + (long) context.getIndexOfThisSubtask() * parts;
        step = (long) context.getNumberOfParallelSubtasks() * parts;
        if (next < 0) {
            next = first;
        }
    }

    @Override
    public void run(SourceContext<Event> ctx) {
        Object lock = ctx.getCheckpointLock();
        while (next < count && running) {
            long i = next;
            Event event = new Event(Events.key(i), Events.value(i), Events.timestamp(i, eventsPerMilli));
            if (checkpointed) {
                synchronized (lock) {
                    ctx.collect(event);
                    next = i + step;
                }
            } else {
                ctx.collect(event);
                next = i + step;
            }
        }
    }

    @Override
    public void cancel() {
        running = false;
    }
}
