package dev.tidemark.eventtime;

/**
 * A classic punctuated assigner seen as a {@link WatermarkStrategy}: after each element the
 * generator asks {@code checkAndGetNextWatermark}; both views share one assigner instance.
 */
final class PunctuatedAssignerStrategy<T> implements WatermarkStrategy<T> {

    private static final long serialVersionUID = 1L;

    private final AssignerWithPunctuatedWatermarks<T> assigner;

    PunctuatedAssignerStrategy(AssignerWithPunctuatedWatermarks<T> assigner) {
        this.assigner = java.util.Objects.requireNonNull(assigner, "assigner must not be null");
    }

    @Override
    public TimestampAssigner<T> createTimestampAssigner() {
        return assigner::extractTimestamp;
    }

    @Override
    public WatermarkGenerator<T> createWatermarkGenerator(Context context) {
        return new WatermarkGenerator<>() {
            @Override
            public void onEvent(T event, long eventTimestamp, WatermarkOutput output) {
                Watermark watermark = assigner.checkAndGetNextWatermark(event, eventTimestamp);
                if (watermark != null) {
                    output.emitWatermark(watermark);
                }
            }

            @Override
            public void onPeriodicEmit(WatermarkOutput output) {}
        };
    }
}
