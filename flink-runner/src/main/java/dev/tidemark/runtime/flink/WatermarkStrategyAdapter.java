package dev.tidemark.runtime.flink;

import org.apache.flink.api.common.eventtime.TimestampAssigner;
import org.apache.flink.api.common.eventtime.TimestampAssignerSupplier;
import org.apache.flink.api.common.eventtime.Watermark;
import org.apache.flink.api.common.eventtime.WatermarkAlignmentParams;
import org.apache.flink.api.common.eventtime.WatermarkGenerator;
import org.apache.flink.api.common.eventtime.WatermarkGeneratorSupplier;
import org.apache.flink.api.common.eventtime.WatermarkOutput;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;

/**
 * A Tidemark watermark strategy as a Flink one: the program's own generator and timestamp
 * assigner run inside Flink's watermark operator (or a source's split output), so the watermark
 * values are Tidemark's. The classic assigners arrive here already as strategies, which is how
 * they survive Flink 2.x, which removed them.
 */
final class WatermarkStrategyAdapter<T> implements WatermarkStrategy<T> {

    private static final long serialVersionUID = 1L;

    /** How often Flink's sources report their watermarks for alignment: Flink's default. */
    private static final long ALIGNMENT_UPDATE_MILLIS = 1_000;

    private final dev.tidemark.eventtime.WatermarkStrategy<T> strategy;
    private final boolean aligned;

    /**
     * Adapts {@code strategy}; {@code aligned} passes its watermark alignment on, which only a source
     * made of splits honours (as embedded: elsewhere Tidemark ignores alignment too).
     */
    WatermarkStrategyAdapter(dev.tidemark.eventtime.WatermarkStrategy<T> strategy, boolean aligned) {
        this.strategy = strategy;
        this.aligned = aligned;
    }

    @Override
    public WatermarkAlignmentParams getAlignmentParameters() {
        return strategy.alignment().filter(alignment -> aligned)
                .map(alignment -> new WatermarkAlignmentParams(alignment.maxDriftMillis(), alignment.group(),
                        ALIGNMENT_UPDATE_MILLIS))
                .orElse(WatermarkAlignmentParams.WATERMARK_ALIGNMENT_DISABLED);
    }

    @Override
    public WatermarkGenerator<T> createWatermarkGenerator(WatermarkGeneratorSupplier.Context context) {
        // Flink's context has no clock; on a cluster processing time is the wall clock, which is what Flink's
        // own idleness detection reads too
        dev.tidemark.eventtime.WatermarkGenerator<T> generator = strategy.createWatermarkGenerator(System::currentTimeMillis);
        return new WatermarkGenerator<>() {
            private WatermarkOutput flinkOutput;
            private dev.tidemark.eventtime.WatermarkOutput output;

            @Override
            public void onEvent(T event, long eventTimestamp, WatermarkOutput output) {
                generator.onEvent(event, eventTimestamp, output(output));
            }

            @Override
            public void onPeriodicEmit(WatermarkOutput output) {
                generator.onPeriodicEmit(output(output));
            }

            /** Flink hands the same output every time: wrap it once, not per element. */
            private dev.tidemark.eventtime.WatermarkOutput output(WatermarkOutput flink) {
                if (flink != flinkOutput) {
                    flinkOutput = flink;
                    output = WatermarkStrategyAdapter.output(flink);
                }
                return output;
            }
        };
    }

    @Override
    public TimestampAssigner<T> createTimestampAssigner(TimestampAssignerSupplier.Context context) {
        dev.tidemark.eventtime.TimestampAssigner<T> assigner = strategy.createTimestampAssigner(System::currentTimeMillis);
        return assigner::extractTimestamp;
    }

    private static dev.tidemark.eventtime.WatermarkOutput output(WatermarkOutput flink) {
        return new dev.tidemark.eventtime.WatermarkOutput() {
            @Override
            public void emitWatermark(dev.tidemark.eventtime.Watermark watermark) {
                flink.emitWatermark(new Watermark(watermark.getTimestamp()));
            }

            @Override
            public void markIdle() {
                flink.markIdle();
            }

            @Override
            public void markActive() {
                flink.markActive();
            }
        };
    }
}
