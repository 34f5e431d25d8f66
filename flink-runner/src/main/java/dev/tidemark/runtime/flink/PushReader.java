package dev.tidemark.runtime.flink;

import dev.tidemark.api.functions.RichFunction;
import dev.tidemark.api.functions.RuntimeContext;
import dev.tidemark.api.source.SourceFunction;
import dev.tidemark.eventtime.Watermark;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import org.apache.flink.api.connector.source.ReaderOutput;
import org.apache.flink.api.connector.source.SourceOutput;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.core.io.InputStatus;
import org.apache.flink.util.InstantiationUtil;

/**
 * Runs one instance of a Tidemark {@link SourceFunction} on a thread of its own and passes what it
 * emits to Flink's reader output in order. Every change that {@link #pollNext} depends on (an item
 * queued, the function ending or failing, the split arriving or never coming) completes the future
 * {@link #isAvailable} handed out, so the reader never waits on a future nothing will complete.
 */
final class PushReader<T> implements SourceReader<T, PushSource.Split> {

    private static final int CAPACITY = 1024;
    private static final Object IDLE = new Idle(-1);
    private static final long STOP_WAIT_MILLIS = 10_000;

    /** An element, of split {@code split} of a split source, or of the instance ({@code -1}). */
    private record Element(Object value, long timestamp, int split) implements java.io.Serializable {}

    private record Mark(long timestamp) implements java.io.Serializable {}

    private record Idle(int split) implements java.io.Serializable {}

    /** Split {@code split} of a split source has ended. */
    private record SplitEnd(int split) implements java.io.Serializable {}

    private final SourceFunction<T> prototype;
    private final String name;
    private final BlockingQueue<Object> queue = new ArrayBlockingQueue<>(CAPACITY);
    private final Object lock = new Object(); // the function's checkpoint lock: held while it emits, and to snapshot it
    private SourceState state;
    private CompletableFuture<Void> available = new CompletableFuture<>(); // guarded by this
    private PushSource.Split split; // guarded by this
    private boolean noMoreSplits; // guarded by this
    private SourceFunction<T> function;
    private final Context context = new Context();
    private Thread thread;
    private volatile boolean ended;
    private volatile Throwable failure;
    private final java.util.Set<Integer> paused = java.util.concurrent.ConcurrentHashMap.newKeySet(); // by alignment
    private java.util.Map<Integer, SourceOutput<T>> splitOutputs; // a split source's, made once the split came

    PushReader(SourceFunction<T> prototype, String name) {
        this.prototype = prototype;
        this.name = name;
    }

    @Override
    public void start() {}

    @Override
    public void addSplits(List<PushSource.Split> splits) {
        for (PushSource.Split s : splits) {
            synchronized (this) {
                split = s;
            }
            state = SourceState.of(s.state());
            queue.addAll(state.pending()); // emitted before the checkpoint, not yet taken then: they come first
            if (state.ended()) {
                ended = true;
            } else {
                startFunction(s);
            }
        }
        signal();
    }

    @Override
    public void notifyNoMoreSplits() {
        synchronized (this) {
            noMoreSplits = true;
        }
        signal();
    }

    private void startFunction(PushSource.Split s) {
        try {
            function = InstantiationUtil.clone(prototype, prototype.getClass().getClassLoader());
        } catch (Exception e) {
            throw new IllegalStateException("source '" + name + "' could not be copied for instance " + s.index(), e);
        }
        try {
            state.initialize(function);
        } catch (Exception e) {
            throw new IllegalStateException("source '" + name + "' could not restore its state in instance " + s.index(), e);
        }
        thread = new Thread(() -> run(s), "Tidemark source " + name + " (" + (s.index() + 1) + "/" + s.count() + ")");
        thread.setDaemon(true);
        thread.start();
    }

    private void run(PushSource.Split s) {
        try {
            if (function instanceof RichFunction rich) {
                rich.open(context(s));
            }
            try {
                function.run(context);
            } finally {
                if (function instanceof RichFunction rich) {
                    rich.close();
                }
            }
        } catch (InterruptedException | SourceClosed e) {
            Thread.currentThread().interrupt(); // closed while it waited on the queue: nothing more is wanted
        } catch (Throwable t) {
            failure = t;
        } finally {
            ended = true;
            signal();
        }
    }

    private RuntimeContext context(PushSource.Split s) {
        return new RuntimeContext() {
            @Override
            public String getOperatorName() {
                return name;
            }

            @Override
            public int getIndexOfThisSubtask() {
                return s.index();
            }

            @Override
            public int getNumberOfParallelSubtasks() {
                return s.count();
            }
        };
    }

    @Override
    public InputStatus pollNext(ReaderOutput<T> output) {
        if (splitOutputs == null) {
            splitOutputs = splitOutputs(output); // once the split has come: nothing is queued before it
        }
        Object item = queue.poll();
        if (item == null) {
            if (failure != null) {
                throw new IllegalStateException("source '" + name + "' failed: " + failure, failure);
            }
            return finished() ? InputStatus.END_OF_INPUT : InputStatus.NOTHING_AVAILABLE;
        }
        deliver(item, output);
        return InputStatus.MORE_AVAILABLE;
    }

    /**
     * A split source's outputs, one per owned split, made before any element so that a split that
     * has not emitted yet holds the watermark back, as embedded; none for a plain source function,
     * and {@code null} while the split has not come.
     */
    private java.util.Map<Integer, SourceOutput<T>> splitOutputs(ReaderOutput<T> output) {
        PushSource.Split s;
        synchronized (this) {
            s = split;
        }
        if (s == null) {
            return null;
        }
        java.util.Map<Integer, SourceOutput<T>> outputs = new java.util.HashMap<>();
        if (prototype instanceof SplitSourceFunction<?> splits) {
            for (int owned : SplitSourceFunction.owned(s.index(), s.count(), splits.source.splitCount())) {
                outputs.put(owned, output.createOutputForSplit(splitId(owned)));
            }
        }
        return outputs;
    }

    private static String splitId(int split) {
        return "split-" + split;
    }

    @SuppressWarnings("unchecked")
    private void deliver(Object item, ReaderOutput<T> output) {
        if (item instanceof Element e) {
            SourceOutput<T> out = e.split() < 0 ? output : splitOutputs.get(e.split());
            if (e.timestamp() == Long.MIN_VALUE) {
                out.collect((T) e.value());
            } else {
                out.collect((T) e.value(), e.timestamp());
            }
        } else if (item instanceof Mark m) {
            output.emitWatermark(new org.apache.flink.api.common.eventtime.Watermark(m.timestamp()));
        } else if (item instanceof Idle idle) {
            (idle.split() < 0 ? output : splitOutputs.get(idle.split())).markIdle();
        } else if (splitOutputs.remove(((SplitEnd) item).split()) != null) {
            output.releaseOutputForSplit(splitId(((SplitEnd) item).split()));
        }
    }

    /** Watermark alignment pauses and resumes a split source's splits; its {@code isPaused} reads this. */
    @Override
    public void pauseOrResumeSplits(java.util.Collection<String> toPause, java.util.Collection<String> toResume) {
        toPause.forEach(id -> paused.add(Integer.parseInt(id.substring(id.indexOf('-') + 1))));
        toResume.forEach(id -> paused.remove(Integer.parseInt(id.substring(id.indexOf('-') + 1))));
    }

    private synchronized boolean finished() {
        return queue.isEmpty() && (split == null ? noMoreSplits : ended);
    }

    @Override
    public synchronized CompletableFuture<Void> isAvailable() {
        if (!queue.isEmpty() || failure != null || finished()) {
            return CompletableFuture.completedFuture(null);
        }
        if (available.isDone()) {
            available = new CompletableFuture<>();
        }
        return available;
    }

    private synchronized void signal() {
        available.complete(null);
    }

    @Override
    public List<PushSource.Split> snapshotState(long checkpointId) {
        PushSource.Split s;
        synchronized (this) {
            s = split;
        }
        if (s == null) {
            return List.of();
        }
        boolean positioned = function instanceof SplitSourceFunction<?> splits ? splits.isCheckpointed()
                : function instanceof dev.tidemark.checkpoint.CheckpointedFunction;
        if (!positioned && !ended) {
            return List.of(new PushSource.Split(s.index(), s.count(), null)); // no position: restored, it starts again
        }
        synchronized (lock) { // the function does not emit meanwhile: its state and the queue agree
            try {
                byte[] bytes = SourceState.save(function, checkpointId, List.copyOf(queue), ended, state);
                return List.of(new PushSource.Split(s.index(), s.count(), bytes));
            } catch (Exception e) {
                throw new IllegalStateException("source '" + name + "' could not snapshot instance " + s.index() + ": "
                        + e, e);
            }
        }
    }

    @Override
    public void notifyCheckpointComplete(long checkpointId) throws Exception {
        OperatorStates.completed(function, checkpointId);
    }

    @Override
    public void close() throws Exception {
        if (thread == null) {
            return;
        }
        function.cancel();
        thread.interrupt();
        thread.join(STOP_WAIT_MILLIS);
        if (thread.isAlive()) {
            throw new IllegalStateException("source '" + name + "' did not stop within " + STOP_WAIT_MILLIS
                    + " ms of cancel() and an interrupt");
        }
    }

    /** What the function emits to: the queue, in order; a split source's splits emit through {@link #split}. */
    private final class Context implements SourceFunction.SourceContext<T>, SplitSourceFunction.SplitOutputs<T> {
        private final java.util.Map<Integer, SourceFunction.SourceContext<T>> splits = new java.util.HashMap<>();

        @Override
        public void collect(T element) {
            put(new Element(element, Long.MIN_VALUE, -1));
        }

        @Override
        public void collectWithTimestamp(T element, long timestamp) {
            put(new Element(element, timestamp, -1));
        }

        @Override
        public SourceFunction.SourceContext<T> split(int split) {
            return splits.computeIfAbsent(split, SplitContext::new);
        }

        @Override
        public void finishSplit(int split) {
            put(new SplitEnd(split));
        }

        @Override
        public boolean isPaused(int split) {
            return paused.contains(split);
        }

        @Override
        public void emitWatermark(Watermark mark) {
            put(new Mark(mark.getTimestamp()));
        }

        @Override
        public void markAsTemporarilyIdle() {
            put(IDLE);
        }

        @Override
        public Object getCheckpointLock() {
            return lock;
        }

        private void put(Object item) {
            try {
                // a full queue holds the function back until the job takes more; a function that holds its
                // checkpoint lock lets go of it while it waits, so that a checkpoint can still be taken
                if (!Thread.holdsLock(lock)) {
                    queue.put(item);
                } else {
                    while (!queue.offer(item)) {
                        lock.wait(1);
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new SourceClosed();
            }
            signal();
        }
    }

    /** One split's context: its elements and idleness; its watermarks come from the strategy, per split. */
    private final class SplitContext implements SourceFunction.SourceContext<T> {
        private final int split;

        SplitContext(int split) {
            this.split = split;
        }

        @Override
        public void collect(T element) {
            context.put(new Element(element, Long.MIN_VALUE, split));
        }

        @Override
        public void collectWithTimestamp(T element, long timestamp) {
            context.put(new Element(element, timestamp, split));
        }

        @Override
        public void emitWatermark(Watermark mark) {
            // ignored, as embedded: a split source's watermarks come from its strategy, split by split
        }

        @Override
        public void markAsTemporarilyIdle() {
            context.put(new Idle(split));
        }

        @Override
        public Object getCheckpointLock() {
            return lock;
        }
    }

    /** Ends a function's {@code run} when the reader closed while it emitted. */
    private static final class SourceClosed extends RuntimeException {
        SourceClosed() {
            super("the source reader closed", null, false, false);
        }
    }
}
