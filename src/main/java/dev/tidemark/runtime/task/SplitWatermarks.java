package dev.tidemark.runtime.task;

import dev.tidemark.api.OutputTag;
import dev.tidemark.eventtime.TimestampAssigner;
import dev.tidemark.eventtime.Timestamps;
import dev.tidemark.eventtime.Watermark;
import dev.tidemark.eventtime.WatermarkGenerator;
import dev.tidemark.eventtime.WatermarkStrategy;
import dev.tidemark.runtime.checkpoint.CheckpointBarrier;
import dev.tidemark.runtime.operators.OperatorException;
import dev.tidemark.runtime.operators.Output;
import dev.tidemark.runtime.operators.WatermarkEmitter;
import dev.tidemark.runtime.operators.WatermarkStatus;
import dev.tidemark.runtime.timers.ProcessingTimeService;

/**
 * Per-split timestamps and watermarks at a source: each input channel (one per split) gets its own
 * timestamp assigner and watermark generator from the strategy, and a
 * {@link SplitWatermarkCombiner} makes the source's watermark of theirs, by Flink's source rules
 * (not those of a task's input channels). Watermarks the source emits itself are ignored, except
 * the final one at a split's end; a finished split's generator is not asked again.
 *
 * <p>Threading: the task thread only.
 */
final class SplitWatermarks<T> implements ChannelConsumer {

    private final InputProcessor target;
    private final SplitWatermarkCombiner combiner;
    private final boolean[] ended;
    private final TimestampAssigner<T>[] assigners;
    private final WatermarkGenerator<T>[] generators;
    private final WatermarkEmitter[] emitters;
    private final ProcessingTimeService clock;
    private final long intervalMillis;
    private final AlignmentGroups.Member[] members;
    private final SplitPauses pauses;
    private final String name;

    /**
     * @param name what a failing timestamp assigner or watermark generator is reported as
     * @param splitClocks what each split's watermark generator reads as processing time
     * @param clock the task's clock, which schedules the periodic emissions
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    SplitWatermarks(String name, InputProcessor target, WatermarkStrategy<T> strategy,
            java.util.function.LongSupplier[] splitClocks, ProcessingTimeService clock, long intervalMillis,
            AlignmentGroups groups, SplitPauses pauses) {
        int channels = splitClocks.length;
        this.name = name;
        this.target = target;
        this.ended = new boolean[channels];
        this.combiner = new SplitWatermarkCombiner(channels, target);
        this.clock = clock;
        this.intervalMillis = intervalMillis;
        this.pauses = pauses;
        this.members = new AlignmentGroups.Member[channels];
        strategy.alignment().ifPresent(a -> {
            for (int c = 0; c < channels; c++) {
                members[c] = groups.join(a.group(), a.maxDriftMillis());
            }
        });
        this.assigners = new TimestampAssigner[channels];
        this.generators = new WatermarkGenerator[channels];
        this.emitters = new WatermarkEmitter[channels];
        for (int c = 0; c < channels; c++) {
            assigners[c] = strategy.createTimestampAssigner(splitClocks[c]::getAsLong);
            generators[c] = strategy.createWatermarkGenerator(splitClocks[c]::getAsLong);
            emitters[c] = new WatermarkEmitter(new ChannelOutput(c), "split channel " + c, clock::currentProcessingTime);
        }
    }

    /** Starts periodic emission; call on the task thread before the first record. */
    void start() {
        if (intervalMillis > 0 && generators.length > 0) {
            schedule();
        }
    }

    private void schedule() {
        clock.registerTimer(Timestamps.saturatedAdd(clock.currentProcessingTime(), intervalMillis), time -> {
            combiner.beginPeriodic();
            for (int c = 0; c < generators.length; c++) {
                if (!ended[c]) {
                    try {
                        generators[c].onPeriodicEmit(emitters[c]);
                    } catch (Exception | Error e) {
                        throw OperatorException.tag(name, e);
                    }
                }
            }
            combiner.endPeriodic();
            updatePauses();
            schedule();
        });
    }

    @Override
    @SuppressWarnings("unchecked")
    public void onRecord(int channel, Object value, long previousTimestamp) throws Exception {
        T element = (T) value;
        long timestamp;
        try {
            timestamp = assigners[channel].extractTimestamp(element, previousTimestamp);
        } catch (Exception | Error e) {
            throw OperatorException.tag(name, e);
        }
        target.onRecord(channel, value, timestamp);
        try {
            generators[channel].onEvent(element, timestamp, emitters[channel]);
        } catch (Exception | Error e) {
            throw OperatorException.tag(name, e);
        }
    }

    @Override
    public void onWatermark(int channel, Watermark watermark) {
        if (watermark.isFinal()) {
            ended[channel] = true; // as Flink releases a finished split's output: no last periodic emission
            combiner.onFinished(channel, true);
        }
    }

    @Override
    public void onStatus(int channel, WatermarkStatus status) {
        if (status == WatermarkStatus.IDLE) {
            emitters[channel].markIdle();
        } else {
            emitters[channel].markActive();
        }
    }

    @Override
    public void onBarrier(int channel, CheckpointBarrier barrier) throws Exception {
        target.onBarrier(channel, barrier);
    }

    @Override
    public void onEnd(int channel) throws Exception {
        if (members[channel] != null) {
            members[channel].report(Long.MAX_VALUE);
        }
        ended[channel] = true;
        combiner.onFinished(channel, false);
        target.onEnd(channel);
    }

    /** Pauses the owned splits that run too far ahead of their alignment group, resumes the others. */
    private void updatePauses() {
        for (int c = 0; c < members.length; c++) {
            if (members[c] != null) {
                pauses.set(c, members[c].shouldPause());
            }
        }
    }

    /** Sends one split's watermarks and status into its channel of the valve. */
    private final class ChannelOutput implements Output<Object> {
        private final int channel;

        ChannelOutput(int channel) {
            this.channel = channel;
        }

        @Override
        public void emitWatermark(Watermark watermark) {
            if (members[channel] != null) {
                members[channel].report(watermark.timestamp());
                updatePauses();
            }
            combiner.onWatermark(channel, watermark.timestamp());
        }

        @Override
        public void emitWatermarkStatus(WatermarkStatus status) {
            if (members[channel] != null) {
                members[channel].setIdle(status == WatermarkStatus.IDLE);
                updatePauses();
            }
            combiner.onIdle(channel, status == WatermarkStatus.IDLE);
        }

        @Override
        public void collect(Object value, long timestamp) {
            throw new UnsupportedOperationException("a split's watermark output carries no records");
        }

        @Override
        public <X> void collect(OutputTag<X> tag, X value, long timestamp) {
            throw new UnsupportedOperationException("a split's watermark output carries no records");
        }
    }
}
