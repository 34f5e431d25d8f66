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
    private final CheckpointLock checkpointLock;
    private final boolean checkpointing;
    private volatile boolean cancelled; // written by the cancelling thread, read by the source thread
    private boolean finished;
    private boolean idle;

    /** @param clock the processing-time clock that processing-time watermarks are checked against */
    public SourceContextImpl(String sourceName, ChannelWriter channel, java.util.function.LongSupplier clock) {
        this(sourceName, channel, clock, new CheckpointLock(), false);
    }

    /**
     * @param checkpointLock the lock checkpoints take, shared by the contexts of one source instance
     * @param checkpointing whether checkpoints are taken; without them, records are written without
     *     taking the checkpoint lock
     */
    SourceContextImpl(String sourceName, ChannelWriter channel, java.util.function.LongSupplier clock,
            CheckpointLock checkpointLock, boolean checkpointing) {
        this.checkpointLock = checkpointLock;
        this.checkpointing = checkpointing;
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
        if (!checkpointing || checkpointLock.isDraining()) { // a drain holds the lock already
            markActive();
            channel.writeRecord(element, timestamp);
            return;
        }
        synchronized (checkpointLock) { // uncontended unless a checkpoint is being triggered
            markActive();
            channel.writeRecord(element, timestamp);
        }
    }

    /**
     * Emits the elements {@code pull} has in memory, one per call, until it returns false, taking the
     * chain (and with checkpoints, the checkpoint lock) once for a burst of elements instead of once
     * per element. Whoever else needs them gets them between two elements, as with single writes: a
     * task thread with mail (timers, checkpoint notifications) takes the chain and gives it back; a
     * checkpoint ends the burst, snapshots the source, and a new burst begins after it.
     */
    public void drain(ElementPull pull) throws Exception {
        checkOpen();
        if (checkpointLock.isDraining()) {
            throw new IllegalStateException("drains do not nest: source=" + sourceName);
        }
        boolean more = true;
        while (more) {
            if (checkpointing) {
                checkpointLock.awaitUnwanted();
                synchronized (checkpointLock) {
                    more = burst(pull);
                }
            } else {
                more = burst(pull);
            }
        }
    }

    /** Whether {@code pull} may have more: it stopped for a checkpoint rather than running out. */
    private boolean burst(ElementPull pull) throws Exception {
        channel.beginBurst();
        checkpointLock.setDraining(true);
        try {
            while (!checkpointLock.isWanted()) {
                if (!pull.emitNext()) {
                    return false;
                }
            }
            return true;
        } finally {
            checkpointLock.setDraining(false);
            channel.endBurst();
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
