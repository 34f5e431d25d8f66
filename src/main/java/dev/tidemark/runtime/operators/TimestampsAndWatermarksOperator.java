package dev.tidemark.runtime.operators;

import dev.tidemark.eventtime.TimestampAssigner;
import dev.tidemark.eventtime.Timestamps;
import dev.tidemark.eventtime.Watermark;
import dev.tidemark.eventtime.WatermarkGenerator;
import dev.tidemark.eventtime.WatermarkStrategy;
import dev.tidemark.runtime.checkpoint.SnapshotReader;
import dev.tidemark.runtime.checkpoint.SnapshotWriter;
import java.util.List;

/**
 * Assigns timestamps and generates watermarks from a {@link WatermarkStrategy}, replacing whatever
 * the stream carried before.
 *
 * <ul>
 *   <li>Each element is forwarded with its new timestamp first, then shown to the generator, so a
 *       punctuated watermark follows the element that caused it.
 *   <li>Periodic emission: with an auto-watermark interval {@code i > 0}, a processing-time timer at
 *       {@code now + i} is registered on open; each firing asks the generator and registers the next.
 *   <li>Watermarks from upstream are discarded, except the final {@code Long.MAX_VALUE} one of an
 *       ended input; upstream watermark status is discarded too (this operator's generator decides
 *       idleness).
 *   <li>At end of input the generator is asked once more, so its last watermark is not lost when
 *       the job ends at the last real watermark.
 *   <li>Checkpoints hold the last watermark emitted; a restored operator emits it again when it opens
 *       and never emits a lower one, while its generator starts afresh.
 * </ul>
 */
public final class TimestampsAndWatermarksOperator<T> extends ForwardingOperator<T, T> {

    private final WatermarkStrategy<T> strategy;
    private final long intervalMillis;
    private TimestampAssigner<T> assigner;
    private WatermarkGenerator<T> generator;
    private WatermarkEmitter emitter;
    private long restoredWatermark = Long.MIN_VALUE;

    private static final String LAST_WATERMARK = "_last-watermark";

    public TimestampsAndWatermarksOperator(WatermarkStrategy<T> strategy, OperatorContext<T> context) {
        super(context, null);
        this.strategy = strategy;
        this.intervalMillis = context.config().getAutoWatermarkIntervalMillis();
    }

    @Override
    public void initializeState(SnapshotReader state) throws Exception {
        super.initializeState(state);
        List<Long> restored = state.list(LAST_WATERMARK);
        if (!restored.isEmpty()) { // rescaled: the lowest of those this instance got, never ahead of any input
            restoredWatermark = restored.stream().mapToLong(Long::longValue).min().getAsLong();
        }
    }

    @Override
    public void snapshotState(SnapshotWriter state) throws Exception {
        super.snapshotState(state);
        state.list(LAST_WATERMARK, List.of(emitter.lastEmitted()));
    }

    @Override
    public void open() throws Exception {
        assigner = strategy.createTimestampAssigner(context.timeService()::currentProcessingTime);
        generator = strategy.createWatermarkGenerator(context.timeService()::currentProcessingTime);
        emitter = new WatermarkEmitter(output, context.operatorName(), context.timeService()::currentProcessingTime);
        if (restoredWatermark != Long.MIN_VALUE) {
            emitter.emitWatermark(new Watermark(restoredWatermark));
        }
        if (intervalMillis > 0) {
            scheduleNextEmission();
        }
    }

    private void scheduleNextEmission() {
        long now = context.timeService().currentProcessingTime();
        context.timeService().registerTimer(Timestamps.saturatedAdd(now, intervalMillis), this::onPeriodicEmission);
    }

    private void onPeriodicEmission(long timestamp) {
        generator.onPeriodicEmit(emitter);
        scheduleNextEmission();
    }

    @Override
    public void processElement(T value, long previousTimestamp) throws Exception {
        long timestamp = assigner.extractTimestamp(value, previousTimestamp);
        output.collect(value, timestamp);
        generator.onEvent(value, timestamp, emitter);
    }

    @Override
    public void processWatermark(Watermark watermark) {
        if (watermark.isFinal()) {
            emitter.emitWatermark(watermark);
        }
    }

    @Override
    public void processWatermarkStatus(WatermarkStatus status) {}

    @Override
    public void endInput() {
        generator.onPeriodicEmit(emitter);
    }
}
