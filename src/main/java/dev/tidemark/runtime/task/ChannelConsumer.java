package dev.tidemark.runtime.task;

import dev.tidemark.eventtime.Watermark;
import dev.tidemark.runtime.checkpoint.CheckpointBarrier;
import dev.tidemark.runtime.operators.WatermarkStatus;

/**
 * The consumer side of a task's input channels: receives each channel's elements in order.
 *
 * <p>Threading: the task thread only (the caller's thread under the test driver).
 */
public interface ChannelConsumer {

    void onRecord(int channel, Object value, long timestamp) throws Exception;

    void onWatermark(int channel, Watermark watermark) throws Exception;

    void onStatus(int channel, WatermarkStatus status) throws Exception;

    /** A checkpoint barrier; the channel's producer stops being drained until the checkpoint is aligned. */
    void onBarrier(int channel, CheckpointBarrier barrier) throws Exception;

    void onEnd(int channel) throws Exception;
}
