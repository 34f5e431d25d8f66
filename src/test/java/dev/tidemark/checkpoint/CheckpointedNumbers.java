package dev.tidemark.checkpoint;

import dev.tidemark.api.source.SourceFunction;
import dev.tidemark.state.ListState;
import dev.tidemark.state.ListStateDescriptor;
import java.util.List;

/**
 * Emits {@code first}, {@code first + 1}, ... below {@code end}, its position checkpointed, so a
 * restored run goes on where the checkpoint left off. It can pace itself (a millisecond's pause
 * every {@code pauseEvery} elements) and die at {@code dieAt}, as its process would, once a
 * completed checkpoint covers everything before it.
 */
final class CheckpointedNumbers implements SourceFunction<Long>, CheckpointedFunction, CheckpointListener {

    private final long end;
    private final int pauseEvery;
    private final long dieAt;
    private final long holdAt;
    private transient ListState<Long> state;
    private long next;
    private long coveredUpTo = Long.MIN_VALUE; // next as of the last completed checkpoint's snapshot; guarded by covered
    private transient Object covered; // notified when a checkpoint completes
    private transient java.util.Map<Long, Long> snapshotted; // checkpoint id -> next in its snapshot
    private volatile boolean running = true;

    /**
     * @param pauseEvery pause a millisecond after every this many elements; 0 for no pause
     * @param dieAt the number at which to throw, or -1 never
     */
    CheckpointedNumbers(long first, long end, int pauseEvery, long dieAt) {
        this(first, end, pauseEvery, dieAt, -1);
    }

    private CheckpointedNumbers(long first, long end, int pauseEvery, long dieAt, long holdAt) {
        this.next = first;
        this.end = end;
        this.pauseEvery = pauseEvery;
        this.dieAt = dieAt;
        this.holdAt = holdAt;
    }

    /**
     * Emits without pausing, but waits at {@code holdAt} (in every attempt that reaches it) until a
     * completed checkpoint covers everything before it: a point by which checkpoints have been taken,
     * without a clock.
     */
    static CheckpointedNumbers holdingAt(long first, long end, long holdAt) {
        return new CheckpointedNumbers(first, end, 0, -1, holdAt);
    }

    @Override
    public void initializeState(FunctionInitializationContext context) {
        state = context.getOperatorStateStore().getListState(new ListStateDescriptor<>("next", Long.class));
        state.get().forEach(n -> next = n);
        snapshotted = new java.util.concurrent.ConcurrentHashMap<>();
        covered = new Object();
    }

    @Override
    public void snapshotState(FunctionSnapshotContext context) {
        state.update(List.of(next));
        snapshotted.put(context.getCheckpointId(), next);
    }

    @Override
    public void notifyCheckpointComplete(long checkpointId) {
        Long position = snapshotted.remove(checkpointId);
        if (position != null) {
            synchronized (covered) {
                coveredUpTo = position;
                covered.notifyAll();
            }
        }
    }

    @Override
    public void run(SourceContext<Long> ctx) throws InterruptedException {
        while (running && next < end) {
            if (next == dieAt || next == holdAt) {
                synchronized (covered) { // outside the checkpoint lock, so a checkpoint can be taken
                    while (coveredUpTo != next && running) {
                        covered.wait();
                    }
                }
                if (next == dieAt) {
                    throw new IllegalStateException("process died at " + next);
                }
            }
            synchronized (ctx.getCheckpointLock()) {
                ctx.collect(next);
                next++;
            }
            if (pauseEvery > 0 && next % pauseEvery == 0) {
                Thread.sleep(1); // pacing, not waiting for anything: a killed process must die half way through
            }
        }
    }

    @Override
    public void cancel() {
        running = false;
        synchronized (covered) {
            covered.notifyAll();
        }
    }
}
