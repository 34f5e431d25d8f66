package dev.tidemark.benchmarks.nexmark;

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
 * NEXMark's event stream as a Tidemark source: instance {@code k} of {@code p} emits events
 * {@code k, k + p, ...} with their event times, so the events are the same at every parallelism and
 * each instance's share is in time order (up to the out-of-order groups). Its position is in its
 * checkpoints. Rate-limited, an instance emits each event no sooner than its due time on the
 * {@link WallClock}, which is how latency is measured; unlimited, it emits as fast as the job takes
 * them.
 */
public final class NexmarkSource implements ParallelSourceFunction<NexmarkEvent>, RichFunction, CheckpointedFunction {

    private static final long serialVersionUID = 1L;

    private final NexmarkConfig config;
    private final double wallEventsPerSecond; // 0: as fast as possible
    private volatile boolean running = true;
    private transient ListState<Long> position;
    private long next = -1;
    private long step = 1;

    /** All events, as fast as the job takes them. */
    public NexmarkSource(NexmarkConfig config) {
        this(config, 0);
    }

    /** All events, at most {@code wallEventsPerSecond} per second of wall-clock time over all instances. */
    public NexmarkSource(NexmarkConfig config, double wallEventsPerSecond) {
        this.config = config;
        this.wallEventsPerSecond = wallEventsPerSecond;
    }

    @Override
    public void open(RuntimeContext context) {
        step = context.getNumberOfParallelSubtasks();
        if (next < 0) {
            next = context.getIndexOfThisSubtask();
        }
    }

    @Override
    public void initializeState(FunctionInitializationContext context) {
        position = context.getOperatorStateStore().getListState(new ListStateDescriptor<>("next-event", Long.class));
        position.get().forEach(n -> next = n);
    }

    @Override
    public void snapshotState(FunctionSnapshotContext context) {
        position.update(List.of(next));
    }

    @Override
    public void run(SourceContext<NexmarkEvent> ctx) {
        NexmarkGenerator generator = new NexmarkGenerator(config);
        long origin = wallEventsPerSecond > 0 ? WallClock.start() : 0;
        Object lock = ctx.getCheckpointLock();
        while (running && next < config.events()) {
            NexmarkEvent event = generator.event(next);
            if (wallEventsPerSecond > 0) {
                WallClock.awaitDue(origin, next, wallEventsPerSecond);
            }
            synchronized (lock) {
                ctx.collectWithTimestamp(event, event.dateTime());
                next += step;
            }
        }
        if (wallEventsPerSecond > 0) {
            Latencies.sourceFinished();
        }
    }

    @Override
    public void cancel() {
        running = false;
    }
}
