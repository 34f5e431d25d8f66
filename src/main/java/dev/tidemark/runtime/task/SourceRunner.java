package dev.tidemark.runtime.task;

import dev.tidemark.api.EndOfInput;
import dev.tidemark.api.ExecutionConfig;
import dev.tidemark.api.functions.RichFunction;
import dev.tidemark.api.source.SourceFunction;
import dev.tidemark.api.source.SplitSource;
import dev.tidemark.runtime.checkpoint.CheckpointBarrier;
import dev.tidemark.runtime.checkpoint.CompletedCheckpoint;
import dev.tidemark.runtime.checkpoint.FunctionState;
import dev.tidemark.runtime.checkpoint.OperatorSnapshot;
import dev.tidemark.runtime.checkpoint.SnapshotReader;
import dev.tidemark.runtime.checkpoint.SnapshotWriter;
import dev.tidemark.runtime.graph.SourceTransformation;
import dev.tidemark.runtime.operators.BasicRuntimeContext;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs one instance of a source, a {@link SourceFunction} or a {@link SplitSource}, into the
 * instance's source channels: opens it, runs it, ends every channel it did not end itself (as the
 * job's {@link EndOfInput} says), closes it.
 *
 * <p>Threading: {@link #run} on the source's thread; {@link #cancel} from any thread.
 */
public final class SourceRunner {

    private final String name;
    private final Object function;
    private final BasicRuntimeContext runtimeContext;
    private final List<Integer> ownedSplits;
    private final List<SourceContextImpl<Object>> contexts = new ArrayList<>();
    private final EndOfInput endOfInput;
    private final SplitPauses pauses;
    private final CheckpointLock checkpointLock = new CheckpointLock();
    private final String operatorId;
    private final int subtaskIndex;
    private final CompletedCheckpoint restore;
    private FunctionState functionState; // guarded by checkpointLock
    private boolean finished; // guarded by checkpointLock
    private java.util.function.Consumer<List<OperatorSnapshot>> onFinished = snapshots -> {};

    /**
     * @param config the job's configuration: the end of input, and what the source's runtime context gives
     * @param clock the processing-time clock that processing-time watermarks are checked against
     * @param restore the checkpoint the source's position is restored from, or {@code null}
     * @param barriers whether checkpoints are taken, so every emission takes the checkpoint lock
     */
    public SourceRunner(SourceTransformation<?> transformation, Subtask subtask, ExecutionConfig config,
            java.util.function.LongSupplier clock, CompletedCheckpoint restore, boolean barriers) {
        this.name = subtask.vertex().head().name();
        this.operatorId = subtask.vertex().head().operatorId();
        this.subtaskIndex = subtask.index();
        this.restore = restore;
        this.function = transformation.newFunction();
        int parallelism = subtask.vertex().parallelism();
        this.runtimeContext = new BasicRuntimeContext(subtask.chain().qualifiedName(name), subtask.index(), parallelism,
                barriers, config, subtask.chain().settings().accumulators());
        this.ownedSplits = transformation.ownedSplits(subtask.index(), parallelism);
        this.endOfInput = config.getEndOfInput();
        this.pauses = subtask.pauses();
        List<ChannelWriter> channels = subtask.sourceChannels();
        for (int i = 0; i < channels.size(); i++) {
            String contextName = transformation.isSplitSource() ? name + "[split " + ownedSplits.get(i) + "]" : name;
            contexts.add(new SourceContextImpl<>(contextName, channels.get(i), clock, checkpointLock, barriers));
        }
    }

    /** The source's name. */
    public String name() {
        return name;
    }

    /** What receives the source's last snapshot, taken under the checkpoint lock when it has finished. */
    void onFinished(java.util.function.Consumer<List<OperatorSnapshot>> onFinished) {
        this.onFinished = onFinished;
    }

    @SuppressWarnings("unchecked")
    public void run() throws Exception {
        SnapshotReader reader = restore == null ? SnapshotReader.fresh()
                : restore.reader(operatorId, name, subtaskIndex, runtimeContext.getNumberOfParallelSubtasks());
        FunctionState state = FunctionState.initialize(function, reader);
        if (function instanceof RichFunction rich) {
            rich.open(runtimeContext);
        }
        synchronized (checkpointLock) {
            functionState = state; // checkpoints are declined until the source is restored and open
        }
        try {
            if (function instanceof SplitSource<?> source) {
                ((SplitSource<Object>) source).run(new Splits());
            } else {
                ((SourceFunction<Object>) function).run(contexts.get(0));
            }
            if (!isCancelled()) {
                synchronized (checkpointLock) {
                    for (SourceContextImpl<Object> ctx : contexts) {
                        if (!ctx.isFinished()) {
                            ctx.finish(endOfInput);
                        }
                    }
                    finished = true;
                    if (runtimeContext.isCheckpointingEnabled()) {
                        onFinished.accept(snapshot(CheckpointBarrier.FINAL_CHECKPOINT_ID, System.currentTimeMillis()));
                    }
                }
            }
        } finally {
            if (function instanceof RichFunction rich) {
                rich.close();
            }
        }
    }

    /**
     * Under the checkpoint lock: snapshots the source's position and sends {@code barrier} on every
     * channel that has not ended, so the barrier follows exactly the elements the position covers.
     *
     * @return the source's snapshot (empty if it has no state), or {@code null} if it is not running
     *     (not started yet, finished, or cancelled)
     */
    public List<OperatorSnapshot> triggerCheckpoint(CheckpointBarrier barrier) throws Exception {
        checkpointLock.want();
        try {
            synchronized (checkpointLock) {
                if (functionState == null || finished || isCancelled()) {
                    return null;
                }
                List<OperatorSnapshot> snapshot = snapshot(barrier.checkpointId(), barrier.timestamp());
                for (SourceContextImpl<Object> ctx : contexts) {
                    if (!ctx.isFinished()) {
                        ctx.writeBarrier(barrier);
                    }
                }
                return snapshot;
            }
        } finally {
            checkpointLock.unwant();
        }
    }

    private List<OperatorSnapshot> snapshot(long checkpointId, long timestamp) throws Exception {
        SnapshotWriter writer = new SnapshotWriter(operatorId, name, subtaskIndex,
                runtimeContext.getNumberOfParallelSubtasks(), checkpointId, timestamp);
        functionState.snapshot(writer);
        OperatorSnapshot snapshot = writer.build();
        return snapshot == null ? List.of() : List.of(snapshot);
    }

    /** Tells the source function (a {@code CheckpointListener}) that {@code checkpointId} completed. */
    public void notifyCheckpointComplete(long checkpointId) throws Exception {
        checkpointLock.want();
        try {
            synchronized (checkpointLock) {
                if (functionState != null) {
                    functionState.notifyCheckpointComplete(checkpointId);
                }
            }
        } finally {
            checkpointLock.unwant();
        }
    }

    /** Makes every later emission throw, and asks the source to stop. */
    public void cancel() {
        for (SourceContextImpl<Object> ctx : contexts) {
            ctx.cancel();
        }
        if (function instanceof SplitSource<?> source) {
            source.cancel();
        } else {
            ((SourceFunction<?>) function).cancel();
        }
    }

    public boolean isCancelled() {
        return !contexts.isEmpty() && contexts.get(0).isCancelled();
    }

    private final class Splits implements SplitSource.SplitContext<Object> {
        @Override
        public List<Integer> ownedSplits() {
            return ownedSplits;
        }

        @Override
        public SourceFunction.SourceContext<Object> split(int split) {
            return contexts.get(indexOf(split));
        }

        @Override
        public void finishSplit(int split) {
            contexts.get(indexOf(split)).finish(endOfInput);
        }

        @Override
        public boolean isPaused(int split) {
            return pauses.isPaused(indexOf(split));
        }

        private int indexOf(int split) {
            int index = ownedSplits.indexOf(split);
            if (index < 0) {
                throw new IllegalArgumentException("split must be owned by this instance: split=" + split
                        + ", owned=" + ownedSplits + ", source=" + name);
            }
            return index;
        }
    }
}
