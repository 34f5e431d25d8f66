package dev.tidemark.runtime.operators;

import dev.tidemark.api.TimeCharacteristic;
import dev.tidemark.eventtime.Timestamps;
import dev.tidemark.eventtime.Watermark;

/**
 * Applies the job's {@link TimeCharacteristic} right behind a source, on the task thread.
 *
 * <ul>
 *   <li>{@code PROCESSING_TIME}: records lose their timestamps; source watermarks are dropped.
 *   <li>{@code INGESTION_TIME}: records get the current processing time as timestamp when they enter
 *       the task; every auto-watermark interval (and on a record, when one is due) a watermark
 *       {@code now - now % interval} is emitted, aligned to the interval so parallel sources agree.
 *       Stamping on the task thread keeps every record's timestamp at or above the watermarks
 *       before it. Source watermarks are dropped.
 * </ul>
 *
 * In both cases the final {@code Long.MAX_VALUE} watermark of an ended source still passes.
 */
public final class SourceTimeOperator<T> extends ForwardingOperator<T, T> {

    private final boolean ingestionTime;
    private final long intervalMillis;
    private long nextWatermarkTime = Long.MIN_VALUE;

    public SourceTimeOperator(TimeCharacteristic characteristic, OperatorContext<T> context) {
        super(context, null);
        if (characteristic == TimeCharacteristic.EVENT_TIME) {
            throw new IllegalArgumentException("event time needs no source time operator");
        }
        this.ingestionTime = characteristic == TimeCharacteristic.INGESTION_TIME;
        this.intervalMillis = context.config().getAutoWatermarkIntervalMillis();
    }

    @Override
    public void open() {
        if (ingestionTime && intervalMillis > 0) {
            scheduleNext(context.timeService().currentProcessingTime());
        }
    }

    private void scheduleNext(long now) {
        context.timeService().registerTimer(
                Timestamps.saturatedAdd(now, intervalMillis), this::onTimer);
    }

    private void onTimer(long timestamp) {
        long now = context.timeService().currentProcessingTime();
        maybeEmitWatermark(now);
        scheduleNext(now);
    }

    private void maybeEmitWatermark(long now) {
        if (intervalMillis > 0 && now > nextWatermarkTime) {
            long watermarkTime = now - (now % intervalMillis);
            if (watermarkTime > currentWatermark) {
                forwardWatermark(new Watermark(watermarkTime));
            }
            nextWatermarkTime = watermarkTime + intervalMillis;
        }
    }

    @Override
    public void processElement(T value, long timestamp) {
        if (ingestionTime) {
            long now = context.timeService().currentProcessingTime();
            output.collect(value, now);
            maybeEmitWatermark(now);
        } else {
            output.collect(value, Output.NO_TIMESTAMP);
        }
    }

    @Override
    public void processWatermark(Watermark watermark) {
        if (watermark.isFinal()) {
            forwardWatermark(watermark);
        }
    }
}
