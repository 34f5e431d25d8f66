package dev.tidemark.connectors.datagen;

import dev.tidemark.api.functions.RichFunction;
import dev.tidemark.api.functions.RuntimeContext;
import dev.tidemark.api.source.ParallelSourceFunction;
import dev.tidemark.api.source.SequenceSource;
import dev.tidemark.api.source.SourceReaderContext;
import dev.tidemark.api.typeinfo.ResultTypeQueryable;
import dev.tidemark.api.typeinfo.TypeInformation;
import dev.tidemark.checkpoint.CheckpointListener;
import dev.tidemark.checkpoint.CheckpointedFunction;
import dev.tidemark.checkpoint.FunctionInitializationContext;
import dev.tidemark.checkpoint.FunctionSnapshotContext;
import java.util.Objects;
import java.util.concurrent.locks.LockSupport;

/**
 * Generates {@code count} elements from their indexes 0 to {@code count - 1} with a
 * {@link GeneratorFunction}, optionally at a limited rate, as Flink's source of that name; use it
 * with {@code env.fromSource(source, strategy, name)}. Bounded; with checkpoints, a restored job
 * goes on after the indexes already emitted, at any parallelism. In parallel, instance {@code i}
 * of {@code n} generates indexes {@code i, i + n, ...} (Flink gives each split a contiguous range:
 * the same elements, interleaved differently).
 *
 * @param <OUT> the element type
 */
public final class DataGeneratorSource<OUT> implements ParallelSourceFunction<OUT>, RichFunction, CheckpointedFunction,
        CheckpointListener, ResultTypeQueryable<OUT> {

    private static final long serialVersionUID = 1L;

    private final GeneratorFunction<Long, OUT> generator;
    private final SequenceSource indexes;
    private final RateLimiterStrategy rateLimiter;
    private final TypeInformation<OUT> type;
    private transient long nanosBetween;
    private transient int perCheckpoint;
    private transient Object gate; // guards left; the source thread waits on it for the next checkpoint
    private transient int left; // elements still allowed before the next checkpoint completes
    private transient volatile boolean cancelled;

    /** As fast as the pipeline takes them. */
    public DataGeneratorSource(GeneratorFunction<Long, OUT> generator, long count, TypeInformation<OUT> type) {
        this(generator, count, RateLimiterStrategy.noOp(), type);
    }

    /**
     * @throws IllegalArgumentException if {@code count} is not positive
     */
    public DataGeneratorSource(GeneratorFunction<Long, OUT> generator, long count, RateLimiterStrategy rateLimiter,
            TypeInformation<OUT> type) {
        this.generator = Objects.requireNonNull(generator, "generator function must not be null");
        if (count < 1) {
            throw new IllegalArgumentException("count must be positive: count=" + count);
        }
        this.indexes = new SequenceSource(0, count - 1);
        this.rateLimiter = Objects.requireNonNull(rateLimiter, "rate limiter strategy must not be null");
        this.type = Objects.requireNonNull(type, "type must not be null");
    }

    /** The declared element type. */
    @Override
    public TypeInformation<OUT> getProducedType() {
        return type;
    }

    @Override
    public void initializeState(FunctionInitializationContext context) {
        indexes.initializeState(context);
    }

    @Override
    public void snapshotState(FunctionSnapshotContext context) {
        indexes.snapshotState(context);
    }

    @Override
    public void open(RuntimeContext context) throws Exception {
        indexes.open(context);
        int index = context.getIndexOfThisSubtask();
        int parallelism = context.getNumberOfParallelSubtasks();
        generator.open(new SourceReaderContext() {
            @Override
            public int getIndexOfSubtask() {
                return index;
            }

            @Override
            public int currentParallelism() {
                return parallelism;
            }
        });
        nanosBetween = rateLimiter.nanosBetween(context.getNumberOfParallelSubtasks());
        perCheckpoint = rateLimiter.perCheckpointOf(context.getNumberOfParallelSubtasks());
        gate = new Object();
        left = perCheckpoint;
    }

    /** A completed checkpoint lets the next elements through (with {@code RateLimiterStrategy.perCheckpoint}). */
    @Override
    public void notifyCheckpointComplete(long checkpointId) {
        if (perCheckpoint > 0) {
            synchronized (gate) {
                left = perCheckpoint;
                gate.notifyAll();
            }
        }
    }

    private void awaitCheckpointBudget() throws InterruptedException {
        synchronized (gate) {
            while (left == 0 && !cancelled) {
                gate.wait();
            }
            left--;
        }
    }

    @Override
    public void run(SourceContext<OUT> ctx) throws Exception {
        if (perCheckpoint == 0 && nanosBetween == 0) {
            indexes.run(ctx, null, this::generate);
            return;
        }
        long[] next = {System.nanoTime()};
        indexes.run(ctx, () -> {
            if (perCheckpoint > 0) {
                awaitCheckpointBudget();
            }
            if (nanosBetween > 0) {
                long wait = next[0] - System.nanoTime();
                if (wait > 0) {
                    LockSupport.parkNanos(wait);
                    if (Thread.interrupted()) {
                        throw new InterruptedException();
                    }
                }
                next[0] = Math.max(next[0], System.nanoTime() - nanosBetween) + nanosBetween;
            }
        }, this::generate);
    }

    private OUT generate(long index) {
        try {
            return generator.map(index);
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("the generator function failed at index " + index + ": " + e, e);
        }
    }

    @Override
    public void close() throws Exception {
        generator.close();
    }

    @Override
    public void cancel() {
        cancelled = true;
        indexes.cancel();
        if (gate != null) {
            synchronized (gate) {
                gate.notifyAll();
            }
        }
    }
}
