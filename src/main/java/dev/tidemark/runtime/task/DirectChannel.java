package dev.tidemark.runtime.task;

import dev.tidemark.api.TidemarkException;
import dev.tidemark.eventtime.Watermark;
import dev.tidemark.runtime.checkpoint.CheckpointBarrier;
import dev.tidemark.runtime.operators.WatermarkStatus;

/**
 * A channel without a queue: each write runs the consumer synchronously on the writer's thread.
 * Used where producer and consumer share a thread, as under the test driver. The consumer's first
 * failure is kept and thrown again by every later write, so a source that catches it cannot carry
 * on as if nothing happened: at the latest, the end of its input (written by the runtime, not the
 * source) throws it.
 */
public final class DirectChannel implements ChannelWriter {

    private final int channel;
    private final ChannelConsumer consumer;
    private RuntimeException failure;

    public DirectChannel(int channel, ChannelConsumer consumer) {
        this.channel = channel;
        this.consumer = consumer;
    }

    @Override
    public void writeRecord(Object value, long timestamp) {
        run(() -> consumer.onRecord(channel, value, timestamp));
    }

    @Override
    public void writeWatermark(Watermark watermark) {
        run(() -> consumer.onWatermark(channel, watermark));
    }

    @Override
    public void writeStatus(WatermarkStatus status) {
        run(() -> consumer.onStatus(channel, status));
    }

    /** Barriers do not flow under the test driver: it snapshots between steps, when nothing is in flight. */
    @Override
    public void writeBarrier(CheckpointBarrier barrier) {
        throw new UnsupportedOperationException("a direct channel carries no checkpoint barriers");
    }

    @Override
    public void writeEnd() {
        run(() -> consumer.onEnd(channel));
    }

    private interface Step {
        void run() throws Exception;
    }

    private void run(Step step) {
        if (failure != null) {
            throw failure;
        }
        try {
            step.run();
        } catch (RuntimeException e) {
            failure = e;
            throw e;
        } catch (Exception e) {
            failure = new TidemarkException("channel consumer failed: " + e, e);
            throw failure;
        }
    }
}
