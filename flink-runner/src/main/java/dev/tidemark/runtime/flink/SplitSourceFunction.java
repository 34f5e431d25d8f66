package dev.tidemark.runtime.flink;

import dev.tidemark.api.functions.RichFunction;
import dev.tidemark.api.functions.RuntimeContext;
import dev.tidemark.api.source.SourceFunction;
import dev.tidemark.api.source.SplitSource;
import dev.tidemark.checkpoint.CheckpointListener;
import dev.tidemark.checkpoint.CheckpointedFunction;
import dev.tidemark.checkpoint.FunctionInitializationContext;
import dev.tidemark.checkpoint.FunctionSnapshotContext;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A Tidemark {@link SplitSource} as one instance's source function behind the runner's push
 * source: instance {@code i} of {@code n} owns splits {@code i, i + n, ...}, as embedded, and each
 * split emits through a split output of its own ({@link SplitOutputs}), on which Flink runs the
 * watermark strategy per split and combines the splits by minimum, idle ones left out.
 */
final class SplitSourceFunction<T> implements SourceFunction<T>, RichFunction, CheckpointedFunction,
        CheckpointListener {

    private static final long serialVersionUID = 1L;

    final SplitSource<T> source;
    private transient RuntimeContext context;

    /** Where the splits of one instance emit: the push reader's context. */
    interface SplitOutputs<T> {

        SourceContext<T> split(int split);

        void finishSplit(int split);

        boolean isPaused(int split);
    }

    SplitSourceFunction(SplitSource<T> source) {
        this.source = source;
    }

    /** The splits instance {@code index} of {@code count} owns, ascending. */
    static List<Integer> owned(int index, int count, int splitCount) {
        List<Integer> owned = new ArrayList<>();
        for (int split = index; split < splitCount; split += count) {
            owned.add(split);
        }
        return owned;
    }

    /** Whether the source keeps a position in operator state, so that a restored instance resumes. */
    boolean isCheckpointed() {
        return source instanceof CheckpointedFunction;
    }

    @Override
    public void open(RuntimeContext context) throws Exception {
        this.context = context;
        if (source instanceof RichFunction rich) {
            rich.open(context);
        }
    }

    @Override
    public void close() throws Exception {
        if (source instanceof RichFunction rich) {
            rich.close();
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    public void run(SourceContext<T> ctx) throws Exception {
        SplitOutputs<T> outputs = (SplitOutputs<T>) ctx;
        List<Integer> owned = owned(context.getIndexOfThisSubtask(), context.getNumberOfParallelSubtasks(),
                source.splitCount());
        Set<Integer> finished = new HashSet<>();
        source.run(new SplitSource.SplitContext<>() {
            @Override
            public List<Integer> ownedSplits() {
                return owned;
            }

            @Override
            public SourceContext<T> split(int split) {
                if (!owned.contains(split)) {
                    throw new IllegalArgumentException("this instance does not own split " + split + ": it owns " + owned);
                }
                return outputs.split(split);
            }

            @Override
            public void finishSplit(int split) {
                if (owned.contains(split) && finished.add(split)) {
                    outputs.finishSplit(split);
                }
            }

            @Override
            public boolean isPaused(int split) {
                return outputs.isPaused(split);
            }
        });
        for (int split : owned) {
            if (finished.add(split)) {
                outputs.finishSplit(split); // run returned: what it did not finish is done
            }
        }
    }

    @Override
    public void cancel() {
        source.cancel();
    }

    @Override
    public void initializeState(FunctionInitializationContext context) throws Exception {
        if (source instanceof CheckpointedFunction checkpointed) {
            checkpointed.initializeState(context);
        }
    }

    @Override
    public void snapshotState(FunctionSnapshotContext context) throws Exception {
        if (source instanceof CheckpointedFunction checkpointed) {
            checkpointed.snapshotState(context);
        }
    }

    @Override
    public void notifyCheckpointComplete(long checkpointId) throws Exception {
        if (source instanceof CheckpointListener listener) {
            listener.notifyCheckpointComplete(checkpointId);
        }
    }
}
