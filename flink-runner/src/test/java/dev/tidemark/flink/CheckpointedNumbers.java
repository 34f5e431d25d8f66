package dev.tidemark.flink;

import dev.tidemark.api.source.RichParallelSourceFunction;
import dev.tidemark.checkpoint.CheckpointListener;
import dev.tidemark.checkpoint.CheckpointedFunction;
import dev.tidemark.checkpoint.FunctionInitializationContext;
import dev.tidemark.checkpoint.FunctionSnapshotContext;
import dev.tidemark.state.ListState;
import dev.tidemark.state.ListStateDescriptor;
import java.util.List;

/**
 * The numbers below {@code count}, instance i emitting those with {@code n % parallelism == i},
 * its position in operator state, its event time the number itself. Half way it can wait until a
 * checkpoint has completed (and a gate file exists, if given), so that a failure after that point
 * restores a checkpoint taken mid-stream rather than starting afresh.
 */
final class CheckpointedNumbers extends RichParallelSourceFunction<Long> implements CheckpointedFunction,
        CheckpointListener {

    private final long count;
    private final boolean waitHalfWay;
    private final String gate; // a file that must also exist before the second half, or null
    private volatile boolean running = true;
    private volatile boolean checkpointCompleted;
    private transient ListState<Long> positionState;
    private transient long next;
    private transient boolean restored;

    /** @param waitHalfWay whether to wait half way for a checkpoint (a job that takes none must not) */
    CheckpointedNumbers(long count, boolean waitHalfWay) {
        this(count, waitHalfWay, null);
    }

    /** Also waits half way until the file {@code gate} exists: a test outside the job says when to go on. */
    CheckpointedNumbers(long count, boolean waitHalfWay, java.nio.file.Path gate) {
        this.count = count;
        this.waitHalfWay = waitHalfWay;
        this.gate = gate == null ? null : gate.toString();
    }

    @Override
    public void initializeState(FunctionInitializationContext context) {
        positionState = context.getOperatorStateStore().getListState(new ListStateDescriptor<>("next", Long.class));
        restored = context.isRestored();
        for (Long position : positionState.get()) {
            next = position;
        }
    }

    @Override
    public void run(SourceContext<Long> ctx) throws InterruptedException {
        int parallelism = getRuntimeContext().getNumberOfParallelSubtasks();
        if (!restored) {
            next = getRuntimeContext().getIndexOfThisSubtask();
        }
        boolean waited = false;
        while (running && next < count) {
            if (waitHalfWay && !restored && !waited && next >= count / 2) {
                awaitHalfWay();
                waited = true;
            }
            synchronized (ctx.getCheckpointLock()) {
                ctx.collectWithTimestamp(next, next);
                next += parallelism;
            }
        }
    }

    /** Outside the checkpoint lock, so that the checkpoint it waits for can be taken. */
    private void awaitHalfWay() throws InterruptedException {
        synchronized (this) {
            while (running && !checkpointCompleted) {
                wait(); // notified by notifyCheckpointComplete or cancel
            }
        }
        while (running && gate != null && !java.nio.file.Files.exists(java.nio.file.Path.of(gate))) {
            synchronized (this) {
                wait(10); // another JVM writes the gate file: looking again is the only way to see it
            }
        }
    }

    @Override
    public void snapshotState(FunctionSnapshotContext context) {
        positionState.update(List.of(next));
    }

    @Override
    public synchronized void notifyCheckpointComplete(long checkpointId) {
        checkpointCompleted = true;
        notifyAll();
    }

    @Override
    public synchronized void cancel() {
        running = false;
        notifyAll();
    }
}
