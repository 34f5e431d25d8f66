package dev.tidemark.runtime.task;

import dev.tidemark.api.EndOfInput;
import dev.tidemark.eventtime.Watermark;
import dev.tidemark.runtime.checkpoint.CheckpointBarrier;
import dev.tidemark.runtime.operators.WatermarkStatus;

/**
 * Feeds a chain from its input channels. Records go straight to the chain (to input 0 or 1 of a
 * two-input head, by channel); each input's channels are combined by a {@link WatermarkValve}, and
 * the inputs by minimum: the chain's watermark is the smallest watermark of the inputs that are not
 * idle, passed on only when it increases, and the chain is idle only when every input is. When
 * every channel has ended, the chain's input ends.
 *
 * <p>Threading: the task thread only (the caller's thread under the test driver).
 */
public final class InputProcessor implements ChannelConsumer {

    private final ChainEntry chain;
    private final int[] inputOfChannel;
    private final int[] localIndex;
    private final WatermarkValve[] valves;
    private final long[] inputWatermark;
    private final boolean[] inputIdle;
    private final boolean[] ended;
    private int openChannels;
    private long combinedWatermark = Long.MIN_VALUE;
    private boolean combinedIdle;

    private final java.util.function.LongSupplier clock;
    private final Watermark[] inputMark;
    private final boolean[] blocked;
    private int blockedCount;
    private CheckpointBarrier aligning;
    private java.util.function.Consumer<CheckpointBarrier> onAligned = b -> {
        throw new IllegalStateException("checkpoint barrier without checkpointing: checkpoint=" + b.checkpointId());
    };

    /**
     * @param inputOfChannel for each channel, the input (0 or 1) it feeds
     * @param inputs the number of inputs of the head (1 or 2)
     * @param clock the processing-time clock that processing-time watermarks follow
     */
    public InputProcessor(ChainEntry chain, int[] inputOfChannel, int inputs, java.util.function.LongSupplier clock) {
        this.clock = clock;
        this.inputMark = new Watermark[inputs];
        this.chain = chain;
        this.inputOfChannel = inputOfChannel.clone();
        this.localIndex = new int[inputOfChannel.length];
        this.ended = new boolean[inputOfChannel.length];
        this.blocked = new boolean[inputOfChannel.length];
        this.openChannels = inputOfChannel.length;
        this.valves = new WatermarkValve[inputs];
        this.inputWatermark = new long[inputs];
        this.inputIdle = new boolean[inputs];
        int[] counts = new int[inputs];
        for (int c = 0; c < inputOfChannel.length; c++) {
            localIndex[c] = counts[inputOfChannel[c]]++;
        }
        for (int i = 0; i < inputs; i++) {
            inputWatermark[i] = Long.MIN_VALUE;
            if (counts[i] > 0) {
                int input = i;
                valves[i] = new WatermarkValve(counts[i], new WatermarkValve.Listener() {
                    @Override
                    public void onWatermark(Watermark watermark) {
                        inputWatermark[input] = watermark.timestamp();
                        inputMark[input] = watermark;
                        combine();
                    }

                    @Override
                    public void onStatus(WatermarkStatus status) {
                        inputIdle[input] = status == WatermarkStatus.IDLE;
                        combine();
                    }
                }, clock);
            } else {
                inputIdle[i] = true; // an input nothing feeds never holds the others back
            }
        }
    }

    /**
     * Ends the chain's input at once if the task has no input channels at all: a split source's
     * instance that owns no split. It will never emit, so it must not hold event time back
     * downstream: it sends the final watermark (or, keeping the last watermark, turns idle) before it
     * ends, as Flink's source readers without splits do.
     */
    public void start(EndOfInput endOfInput) {
        if (openChannels == 0) {
            if (endOfInput == EndOfInput.EMIT_FINAL_WATERMARK) {
                chain.watermark(Watermark.MAX_WATERMARK);
            } else {
                chain.status(WatermarkStatus.IDLE);
            }
            chain.endInput();
        }
    }

    @Override
    public void onRecord(int channel, Object value, long timestamp) {
        chain.record(inputOfChannel[channel], value, timestamp);
    }

    @Override
    public void onWatermark(int channel, Watermark watermark) throws Exception {
        valves[inputOfChannel[channel]].inputWatermark(localIndex[channel], watermark);
    }

    @Override
    public void onStatus(int channel, WatermarkStatus status) throws Exception {
        valves[inputOfChannel[channel]].inputStatus(localIndex[channel], status);
    }

    /** What runs when a checkpoint's barrier has arrived on every open channel: the task's snapshot. */
    public void onAligned(java.util.function.Consumer<CheckpointBarrier> handler) {
        this.onAligned = handler;
    }

    /**
     * Blocks {@code channel} until the barrier has arrived on every open channel (aligned
     * checkpoints: nothing after a barrier is processed before the snapshot). A newer checkpoint's
     * barrier abandons an alignment still in progress; an older one is ignored.
     */
    @Override
    public void onBarrier(int channel, CheckpointBarrier barrier) {
        if (aligning == null || barrier.checkpointId() > aligning.checkpointId()) {
            unblockAll();
            aligning = barrier;
        } else if (barrier.checkpointId() < aligning.checkpointId()) {
            return;
        }
        if (!blocked[channel]) {
            blocked[channel] = true;
            blockedCount++;
        }
        completeAlignment();
    }

    private void completeAlignment() {
        if (aligning != null && blockedCount == openChannels) {
            CheckpointBarrier barrier = aligning;
            aligning = null;
            unblockAll();
            onAligned.accept(barrier);
        }
    }

    private void unblockAll() {
        java.util.Arrays.fill(blocked, false);
        blockedCount = 0;
    }

    /** Whether {@code channel} waits for a checkpoint's alignment and must not be drained. */
    public boolean isBlocked(int channel) {
        return blocked[channel];
    }

    @Override
    public void onEnd(int channel) {
        if (ended[channel]) {
            throw new IllegalStateException("channel must end only once: channel=" + channel);
        }
        ended[channel] = true;
        if (--openChannels == 0) {
            chain.endInput();
        } else {
            completeAlignment(); // the barrier will never come on an ended channel
        }
    }

    private void combine() {
        if (valves.length == 1) {
            forwardSingleInput();
            return;
        }
        long min = Long.MAX_VALUE;
        boolean allIdle = true;
        for (int i = 0; i < valves.length; i++) {
            if (!inputIdle[i]) {
                allIdle = false;
                boolean followsClock = inputMark[i] != null && inputMark[i].useProcessingTime();
                min = Math.min(min, followsClock ? Math.max(inputWatermark[i], clock.getAsLong()) : inputWatermark[i]);
            }
        }
        if (allIdle) {
            min = Long.MIN_VALUE; // nothing will hold the watermark back: pass on the furthest one
            for (long w : inputWatermark) {
                min = Math.max(min, w);
            }
        }
        if (!allIdle && combinedIdle) {
            combinedIdle = false;
            chain.status(WatermarkStatus.ACTIVE);
        }
        if (min > combinedWatermark && min != Long.MIN_VALUE) {
            combinedWatermark = min;
            chain.watermark(min == Long.MAX_VALUE ? Watermark.MAX_WATERMARK : new Watermark(min));
        }
        if (allIdle && !combinedIdle) {
            combinedIdle = true;
            chain.status(WatermarkStatus.IDLE);
        }
    }

    /** One input: its valve already orders watermarks (processing-time ones included); pass them on as they are. */
    private void forwardSingleInput() {
        if (inputIdle[0] != combinedIdle) {
            combinedIdle = inputIdle[0];
            chain.status(combinedIdle ? WatermarkStatus.IDLE : WatermarkStatus.ACTIVE);
        }
        Watermark mark = inputMark[0];
        if (mark != null && (mark.timestamp() > combinedWatermark || mark.useProcessingTime())) {
            inputMark[0] = null;
            combinedWatermark = Math.max(combinedWatermark, mark.timestamp());
            chain.watermark(mark);
        }
    }

    /**
     * For a source whose splits' watermarks are combined already ({@link SplitWatermarkCombiner}):
     * passes the source's watermark on as it is.
     */
    void sourceWatermark(Watermark watermark) {
        combinedWatermark = watermark.timestamp();
        chain.watermark(watermark);
    }

    /** For a source whose splits are combined already: passes the source's status on. */
    void sourceStatus(WatermarkStatus status) {
        combinedIdle = status == WatermarkStatus.IDLE;
        chain.status(status);
    }

    /** Whether every channel has ended. */
    public boolean isFinished() {
        return openChannels == 0;
    }
}
