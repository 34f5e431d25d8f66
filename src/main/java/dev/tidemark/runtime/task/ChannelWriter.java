package dev.tidemark.runtime.task;

import dev.tidemark.eventtime.Watermark;
import dev.tidemark.runtime.checkpoint.CheckpointBarrier;
import dev.tidemark.runtime.operators.WatermarkStatus;

/**
 * The producer side of one input channel of a task: what a source context writes to.
 *
 * <p>Threading: one producer thread. {@link #writeRecord} may block while the channel is full
 * (backpressure).
 */
public interface ChannelWriter {

    void writeRecord(Object value, long timestamp);

    void writeWatermark(Watermark watermark);

    void writeStatus(WatermarkStatus status);

    /** A checkpoint barrier: what follows belongs to the next checkpoint. */
    void writeBarrier(CheckpointBarrier barrier);

    /** The channel has ended; nothing may be written after this. */
    void writeEnd();

    /**
     * The producer writes a burst of elements from memory, without blocking between them, until
     * {@link #endBurst}: a channel may take what it takes per write once for the whole burst. Bursts
     * do not nest.
     */
    default void beginBurst() {}

    /** Ends the burst {@link #beginBurst} began, whether its writes succeeded or not. */
    default void endBurst() {}
}
