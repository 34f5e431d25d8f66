package dev.tidemark.api.source;

import dev.tidemark.api.functions.RichFunction;
import dev.tidemark.api.functions.RuntimeContext;
import dev.tidemark.checkpoint.CheckpointedFunction;
import dev.tidemark.checkpoint.FunctionInitializationContext;
import dev.tidemark.checkpoint.FunctionSnapshotContext;
import dev.tidemark.runtime.task.ElementPull;
import dev.tidemark.state.ListState;
import dev.tidemark.state.ListStateDescriptor;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongFunction;

/**
 * A bounded source of the longs {@code from} to {@code to}, both inclusive, without timestamps. In
 * parallel, instance {@code i} of {@code n} emits {@code from + i}, {@code from + i + n}, ...
 *
 * <p>Checkpoints hold what each instance has still to emit, as arithmetic progressions; restored at
 * another parallelism, the progressions are dealt out to the new instances, so every number is
 * emitted exactly once, though no longer in one global order.
 */
public final class SequenceSource implements ParallelSourceFunction<Long>, RichFunction, CheckpointedFunction {

    private static final long serialVersionUID = 1L;

    private final long from;
    private final long to;
    private volatile boolean running = true;
    private transient ListState<long[]> remainingState;
    private transient List<long[]> remaining; // {next, step} of each progression still to emit

    /** @throws IllegalArgumentException if {@code from > to} */
    public SequenceSource(long from, long to) {
        if (from > to) {
            throw new IllegalArgumentException("from must not be greater than to: from=" + from + ", to=" + to);
        }
        this.from = from;
        this.to = to;
    }

    @Override
    public void initializeState(FunctionInitializationContext context) {
        remainingState = context.getOperatorStateStore().getListState(new ListStateDescriptor<>("remaining", long[].class));
        if (context.isRestored()) {
            remaining = new ArrayList<>();
            remainingState.get().forEach(remaining::add);
        }
    }

    @Override
    public void snapshotState(FunctionSnapshotContext context) {
        List<long[]> copy = new ArrayList<>();
        for (long[] progression : remaining) {
            copy.add(progression.clone());
        }
        remainingState.update(copy);
    }

    @Override
    public void open(RuntimeContext context) {
        if (remaining != null) {
            return; // restored
        }
        remaining = new ArrayList<>();
        long step = context.getNumberOfParallelSubtasks();
        long first = from + context.getIndexOfThisSubtask();
        if (first <= to && first >= from) { // not more instances than numbers, nor an overflowing start
            remaining.add(new long[] {first, step});
        }
    }

    @Override
    public void run(SourceContext<Long> ctx) throws Exception {
        run(ctx, null, Long::valueOf);
    }

    /** Waits before an element is emitted, outside the checkpoint lock (a rate limit). */
    @FunctionalInterface
    public interface Pacer {
        void awaitNext() throws InterruptedException;
    }

    /**
     * Emits {@code element} of each number, in the order {@link #run(SourceContext)} emits the
     * numbers. Without a {@code pacer} the numbers are emitted as a drain, without a lock per element;
     * with one, {@code pacer} is called before each element, outside the checkpoint lock.
     */
    @dev.tidemark.api.Internal
    public <T> void run(SourceContext<T> ctx, Pacer pacer, LongFunction<T> element) throws Exception {
        if (pacer == null) {
            ElementPull.drain(ctx, () -> running && emitNext(ctx, element));
            return;
        }
        while (!remaining.isEmpty() && running) {
            pacer.awaitNext();
            synchronized (ctx.getCheckpointLock()) {
                emitNext(ctx, element);
            }
        }
    }

    /** Emits the next number's element and moves past it; false if every number has been emitted. */
    private <T> boolean emitNext(SourceContext<T> ctx, LongFunction<T> element) {
        if (remaining.isEmpty()) {
            return false;
        }
        long[] progression = remaining.get(0);
        long value = progression[0];
        ctx.collect(element.apply(value));
        if (Long.compareUnsigned(to - value, progression[1]) < 0) {
            remaining.remove(0); // the next value would pass 'to'; unsigned as to - value may exceed Long.MAX_VALUE
        } else {
            progression[0] = value + progression[1];
        }
        return true;
    }

    @Override
    public void cancel() {
        running = false;
    }
}
