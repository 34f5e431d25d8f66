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
 * its position in operator state. Half way it waits until a checkpoint has completed, so that a
 * failure after that point restores a checkpoint taken mid-stream rather than starting afresh.
 */
final class CheckpointedNumbers extends RichParallelSourceFunction<Long> implements CheckpointedFunction,
        CheckpointListener {

    private final long count;
    private volatile boolean running = true;
    private volatile boolean checkpointCompleted;
    private transient ListState<Long> positionState;
    private transient long next;
    private transient boolean restored;

    CheckpointedNumbers(long count) {
        this.count = count;
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
        while (running && next < count) {
            if (next >= count / 2 && !checkpointCompleted && !restored) {
                synchronized (this) {
                    wait(10); // outside the checkpoint lock: the checkpoint it waits for can be taken
                }
                continue;
            }
            synchronized (ctx.getCheckpointLock()) {
                ctx.collect(next);
                next += parallelism;
            }
        }
    }

    @Override
    public void snapshotState(FunctionSnapshotContext context) {
        positionState.update(List.of(next));
    }

    @Override
    public void notifyCheckpointComplete(long checkpointId) {
        checkpointCompleted = true;
    }

    @Override
    public void cancel() {
        running = false;
    }
}
