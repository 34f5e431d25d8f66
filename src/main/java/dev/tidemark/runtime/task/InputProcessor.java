package dev.tidemark.runtime.task;

import dev.tidemark.eventtime.Watermark;
import dev.tidemark.runtime.operators.Output;
import dev.tidemark.runtime.operators.WatermarkStatus;

/**
 * Feeds a chain from its input channels: records go straight to the chain, watermarks and statuses
 * through the {@link WatermarkValve}; when every channel has ended, the chain's input ends.
 *
 * <p>Threading: the task thread only (the caller's thread under the test driver).
 */
public final class InputProcessor implements ChannelConsumer {

    private final OperatorChain chain;
    private final Output<Object> entry;
    private final WatermarkValve valve;
    private final boolean[] ended;
    private int openChannels;

    public InputProcessor(OperatorChain chain, int channels) {
        this.chain = chain;
        this.entry = chain.entry();
        this.ended = new boolean[channels];
        this.openChannels = channels;
        this.valve = new WatermarkValve(channels, new WatermarkValve.Listener() {
            @Override
            public void onWatermark(Watermark watermark) {
                entry.emitWatermark(watermark);
            }

            @Override
            public void onStatus(WatermarkStatus status) {
                entry.emitWatermarkStatus(status);
            }
        });
    }

    @Override
    public void onRecord(Object value, long timestamp) {
        entry.collect(value, timestamp);
    }

    @Override
    public void onWatermark(int channel, Watermark watermark) throws Exception {
        valve.inputWatermark(channel, watermark);
    }

    @Override
    public void onStatus(int channel, WatermarkStatus status) throws Exception {
        valve.inputStatus(channel, status);
    }

    @Override
    public void onEnd(int channel) {
        if (ended[channel]) {
            throw new IllegalStateException("channel must end only once: channel=" + channel);
        }
        ended[channel] = true;
        if (--openChannels == 0) {
            chain.endInput();
        }
    }

    /** Whether every channel has ended and the chain's input has ended. */
    public boolean isFinished() {
        return openChannels == 0;
    }

    /** The task's combined input watermark. */
    public long currentWatermark() {
        return valve.currentWatermark();
    }
}
