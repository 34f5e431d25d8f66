package dev.tidemark.eventtime;

import java.time.Duration;
import java.util.Optional;

/**
 * A strategy built from {@code base} by one of the {@code with*} methods of
 * {@link WatermarkStrategy}. A null component means "as the base has it", so chaining
 * {@code with*} calls stacks one small decorator per call and the newest setting wins.
 */
record DerivedStrategy<T>(
        WatermarkStrategy<T> base,
        TimestampAssigner<T> assigner,
        Duration idleTimeout,
        WatermarkAlignment watermarkAlignment)
        implements WatermarkStrategy<T> {

    private static final long serialVersionUID = 1L;

    @Override
    public WatermarkGenerator<T> createWatermarkGenerator(Context context) {
        WatermarkGenerator<T> generator = base.createWatermarkGenerator(context);
        return idleTimeout == null ? generator : new WatermarksWithIdleness<>(generator, idleTimeout, context);
    }

    @Override
    public TimestampAssigner<T> createTimestampAssigner() {
        return assigner == null ? base.createTimestampAssigner() : assigner;
    }

    @Override
    public TimestampAssigner<T> createTimestampAssigner(TimestampAssignerSupplier.Context context) {
        return assigner == null ? base.createTimestampAssigner(context) : assigner;
    }

    @Override
    public Optional<WatermarkAlignment> alignment() {
        return watermarkAlignment == null ? base.alignment() : Optional.of(watermarkAlignment);
    }
}
