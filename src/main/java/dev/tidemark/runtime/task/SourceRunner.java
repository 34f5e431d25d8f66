package dev.tidemark.runtime.task;

import dev.tidemark.api.EndOfInput;
import dev.tidemark.api.functions.RichFunction;
import dev.tidemark.api.source.SourceFunction;
import dev.tidemark.api.source.SplitSource;
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

    /** @param clock the processing-time clock that processing-time watermarks are checked against */
    public SourceRunner(SourceTransformation<?> transformation, Subtask subtask, EndOfInput endOfInput,
            java.util.function.LongSupplier clock) {
        this.name = transformation.name();
        this.function = transformation.newFunction();
        int parallelism = subtask.vertex().parallelism();
        this.runtimeContext = new BasicRuntimeContext(name, subtask.index(), parallelism);
        this.ownedSplits = transformation.ownedSplits(subtask.index(), parallelism);
        this.endOfInput = endOfInput;
        this.pauses = subtask.pauses();
        List<ChannelWriter> channels = subtask.sourceChannels();
        for (int i = 0; i < channels.size(); i++) {
            String contextName = transformation.isSplitSource() ? name + "[split " + ownedSplits.get(i) + "]" : name;
            contexts.add(new SourceContextImpl<>(contextName, channels.get(i), clock));
        }
    }

    /** The source's name. */
    public String name() {
        return name;
    }

    @SuppressWarnings("unchecked")
    public void run() throws Exception {
        if (function instanceof RichFunction rich) {
            rich.open(runtimeContext);
        }
        try {
            if (function instanceof SplitSource<?> source) {
                ((SplitSource<Object>) source).run(new Splits());
            } else {
                ((SourceFunction<Object>) function).run(contexts.get(0));
            }
            if (!isCancelled()) {
                for (SourceContextImpl<Object> ctx : contexts) {
                    if (!ctx.isFinished()) {
                        ctx.finish(endOfInput);
                    }
                }
            }
        } finally {
            if (function instanceof RichFunction rich) {
                rich.close();
            }
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
