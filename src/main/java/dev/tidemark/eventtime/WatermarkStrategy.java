package dev.tidemark.eventtime;

import java.io.Serializable;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * How a stream gets its timestamps and watermarks: a {@link TimestampAssigner} and a
 * {@link WatermarkGenerator} factory. Pass one to
 * {@code DataStream.assignTimestampsAndWatermarks(...)}.
 *
 * <pre>{@code
 * WatermarkStrategy.<Event>forBoundedOutOfOrderness(Duration.ofSeconds(3))
 *     .withTimestampAssigner((event, previous) -> event.timeMillis())
 *     .withIdleness(Duration.ofMinutes(1));
 * }</pre>
 *
 * <p>Strategies are immutable and serializable; each parallel instance creates its own generator.
 *
 * @param <T> the element type
 */
public interface WatermarkStrategy<T> extends WatermarkGeneratorSupplier<T>, Serializable {

    /**
     * Creates the timestamp assigner. The default keeps the timestamp the element already carries
     * (for example one a source attached with {@code collectWithTimestamp}).
     */
    default TimestampAssigner<T> createTimestampAssigner() {
        return (element, recordTimestamp) -> recordTimestamp;
    }

    /**
     * The alignment of this strategy's splits, if any (see {@link #withWatermarkAlignment}). Only
     * sources made of splits honour it.
     */
    default Optional<WatermarkAlignment> alignment() {
        return Optional.empty();
    }

    /**
     * This strategy, pausing a split whose watermark runs more than {@code maxDrift} ahead of the
     * slowest split of {@code group} (across every source that names the group), as Flink's
     * watermark alignment does. A split source sees which of its splits are paused through its
     * context and stops reading them until they may resume.
     *
     * @throws IllegalArgumentException if {@code maxDrift} is negative
     */
    default WatermarkStrategy<T> withWatermarkAlignment(String group, Duration maxDrift) {
        WatermarkAlignment alignment = new WatermarkAlignment(group, maxDrift);
        return new DerivedStrategy<>(this, null, null, alignment);
    }

    /**
     * Creates the timestamp assigner of one parallel instance or split, given what the runtime
     * offers; the runtime calls this one. The default calls {@link #createTimestampAssigner()}.
     */
    default TimestampAssigner<T> createTimestampAssigner(TimestampAssignerSupplier.Context context) {
        return createTimestampAssigner();
    }

    /** This strategy with assigners from {@code supplier}, one per parallel instance or split. */
    default WatermarkStrategy<T> withTimestampAssigner(TimestampAssignerSupplier<T> supplier) {
        Objects.requireNonNull(supplier, "timestamp assigner supplier must not be null");
        WatermarkStrategy<T> base = this;
        return new WatermarkStrategy<>() {
            private static final long serialVersionUID = 1L;

            @Override
            public WatermarkGenerator<T> createWatermarkGenerator(WatermarkGeneratorSupplier.Context context) {
                return base.createWatermarkGenerator(context);
            }

            @Override
            public TimestampAssigner<T> createTimestampAssigner(TimestampAssignerSupplier.Context context) {
                return supplier.createTimestampAssigner(context);
            }

            @Override
            public Optional<WatermarkAlignment> alignment() {
                return base.alignment();
            }
        };
    }

    /** This strategy with {@code assigner} for timestamps; the generator is unchanged. */
    default WatermarkStrategy<T> withTimestampAssigner(TimestampAssigner<T> assigner) {
        Objects.requireNonNull(assigner, "timestamp assigner must not be null");
        return new DerivedStrategy<>(this, assigner, null, null);
    }

    /**
     * This strategy, marking the stream idle after {@code idleTimeout} of processing time without
     * elements (see {@link WatermarksWithIdleness}).
     *
     * @throws IllegalArgumentException if the timeout is not positive
     */
    default WatermarkStrategy<T> withIdleness(Duration idleTimeout) {
        Durations.positiveMillis(idleTimeout, "idleTimeout");
        return new DerivedStrategy<>(this, null, idleTimeout, null);
    }

    /**
     * Periodic watermarks for elements at most {@code maxOutOfOrderness} out of order:
     * {@code maxTimestamp - maxOutOfOrderness - 1} (see {@link BoundedOutOfOrdernessWatermarks}).
     *
     * @throws IllegalArgumentException if the bound is negative or overflows a long of millis
     */
    static <T> WatermarkStrategy<T> forBoundedOutOfOrderness(Duration maxOutOfOrderness) {
        Durations.nonNegativeMillis(maxOutOfOrderness, "maxOutOfOrderness");
        return context -> new BoundedOutOfOrdernessWatermarks<>(maxOutOfOrderness);
    }

    /**
     * Periodic watermarks for ascending timestamps: {@code maxTimestamp - 1}, the bounded strategy
     * with a bound of zero, so an element with the same timestamp as the newest one is on time.
     */
    static <T> WatermarkStrategy<T> forMonotonousTimestamps() {
        return context -> new BoundedOutOfOrdernessWatermarks<>(Duration.ZERO);
    }

    /** No watermarks; event time advances only at the end of a bounded input. */
    static <T> WatermarkStrategy<T> noWatermarks() {
        return context -> new NoWatermarksGenerator<>();
    }

    /** Watermarks from a custom generator, created once per parallel instance. */
    static <T> WatermarkStrategy<T> forGenerator(WatermarkGeneratorSupplier<T> supplier) {
        Objects.requireNonNull(supplier, "generator supplier must not be null");
        return supplier::createWatermarkGenerator;
    }

    /**
     * A classic periodic assigner as a strategy: timestamps from {@code extractTimestamp}, and every
     * auto-watermark interval the non-null result of {@code getCurrentWatermark()}.
     */
    static <T> WatermarkStrategy<T> fromAssigner(AssignerWithPeriodicWatermarks<T> assigner) {
        return new PeriodicAssignerStrategy<>(assigner);
    }

    /**
     * A classic punctuated assigner as a strategy: timestamps from {@code extractTimestamp}, and after
     * each element the non-null result of {@code checkAndGetNextWatermark}.
     */
    static <T> WatermarkStrategy<T> fromAssigner(AssignerWithPunctuatedWatermarks<T> assigner) {
        return new PunctuatedAssignerStrategy<>(assigner);
    }
}
