package dev.tidemark.eventtime;

/**
 * A classic periodic assigner seen as a {@link WatermarkStrategy}: both views share one assigner
 * instance per parallel instance, so state that {@code extractTimestamp} keeps reaches
 * {@code getCurrentWatermark}.
 */
final class PeriodicAssignerStrategy<T> implements WatermarkStrategy<T> {

    private static final long serialVersionUID = 1L;

    private final AssignerWithPeriodicWatermarks<T> assigner;

    PeriodicAssignerStrategy(AssignerWithPeriodicWatermarks<T> assigner) {
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
            public void onEvent(T event, long eventTimestamp, WatermarkOutput output) {}

            @Override
            public void onPeriodicEmit(WatermarkOutput output) {
                Watermark watermark = assigner.getCurrentWatermark();
                if (watermark != null) {
                    output.emitWatermark(watermark);
                }
            }
        };
    }
}
