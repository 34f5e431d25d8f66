package dev.tidemark.runtime.task;

import dev.tidemark.api.EndOfInput;
import dev.tidemark.api.source.SourceFunction;
import dev.tidemark.eventtime.Watermark;
import dev.tidemark.runtime.operators.Output;
import dev.tidemark.runtime.operators.WatermarkOrder;
import dev.tidemark.runtime.operators.WatermarkStatus;

/**
 * The {@link SourceFunction.SourceContext} over one channel: validates what the source emits,
 * turns the channel active again before the first element after idleness, and ends the channel as
 * the job's {@link EndOfInput} says.
 *
 * <p>Threading: the source's thread; {@link #cancel()} from any thread.
 */
public final class SourceContextImpl<T> implements SourceFunction.SourceContext<T> {

    private final String sourceName;
    private final ChannelWriter channel;
    private final WatermarkOrder order;
    private final java.util.function.LongSupplier clock;
    private final Object checkpointLock;
    private final boolean checkpointing;
    private volatile boolean cancelled; // written by the cancelling thread, read by the source thread
    private boolean finished;
    private boolean idle;

    /** @param clock the processing-time clock that processing-time watermarks are checked against */
    public SourceContextImpl(String sourceName, ChannelWriter channel, java.util.function.LongSupplier clock) {
        this(sourceName, channel, clock, null);
    }

    /**
     * @param checkpointLock the lock checkpoints take, shared by the contexts of one source instance;
     *     {@code null} without checkpointing (no lock per record then)
     */
    public SourceContextImpl(String sourceName, ChannelWriter channel, java.util.function.LongSupplier clock,
            Object checkpointLock) {
        this.checkpointing = checkpointLock != null;
        this.checkpointLock = checkpointing ? checkpointLock : new Object();
        this.sourceName = sourceName;
        this.channel = channel;
        this.order = new WatermarkOrder(sourceName);
        this.clock = clock;
    }

    @Override
    public void collect(T element) {
        collectWithTimestamp(element, Output.NO_TIMESTAMP);
    }

    @Override
    public void collectWithTimestamp(T element, long timestamp) {
        checkOpen();
        if (element == null) {
            throw new NullPointerException("element must not be null: source=" + sourceName
                    + "; null elements cannot be carried");
        }
        if (!checkpointing) {
            markActive();
            channel.writeRecord(element, timestamp);
            return;
        }
        synchronized (checkpointLock) { // uncontended unless a checkpoint is being triggered
            markActive();
            channel.writeRecord(element, timestamp);
        }
    }

    @Override
    public Object getCheckpointLock() {
        return checkpointLock;
    }

    /** Sends {@code barrier} on the channel; the caller holds the checkpoint lock. */
    void writeBarrier(dev.tidemark.runtime.checkpoint.CheckpointBarrier barrier) {
        channel.writeBarrier(barrier);
    }

    @Override
    public void emitWatermark(Watermark mark) {
        checkOpen();
        if (mark == null) {
            throw new NullPointerException("watermark must not be null: source=" + sourceName);
        }
        synchronized (checkpointLock) {
            if (order.admit(mark, clock.getAsLong())) {
                markActive();
                channel.writeWatermark(mark);
            }
        }
    }

    @Override
    public void markAsTemporarilyIdle() {
        checkOpen();
        synchronized (checkpointLock) {
            if (!idle) {
                idle = true;
                channel.writeStatus(WatermarkStatus.IDLE);
            }
        }
    }

    /** Ends the channel after the source's {@code run} returned normally. */
    public void finish(EndOfInput endOfInput) {
        checkOpen();
        synchronized (checkpointLock) {
            finished = true;
            if (endOfInput == EndOfInput.EMIT_FINAL_WATERMARK) {
                markActive();
                channel.writeWatermark(Watermark.MAX_WATERMARK); // ends either mode: not subject to the order
            }
            channel.writeEnd();
        }
    }

    /** Makes every later emission throw. */
    public void cancel() {
        cancelled = true;
    }

    public boolean isCancelled() {
        return cancelled;
    }

    /** Whether the channel has ended. */
    public boolean isFinished() {
        return finished;
    }

    private void markActive() {
        if (idle) {
            idle = false;
            channel.writeStatus(WatermarkStatus.ACTIVE);
        }
    }

    private void checkOpen() {
        if (cancelled) {
            throw new IllegalStateException("source must not emit after it was cancelled: source=" + sourceName
                    + "; let run() return once cancel() was called");
        }
        if (finished) {
            throw new IllegalStateException("source must not emit after it finished: source=" + sourceName
                    + "; emit only from the thread running run(), before it returns");
        }
    }
}
