package dev.tidemark.runtime.operators.window;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tidemark.api.ExecutionConfig;
import dev.tidemark.api.OutputTag;
import dev.tidemark.api.functions.KeySelector;
import dev.tidemark.api.functions.ProcessWindowFunction;
import dev.tidemark.eventtime.Watermark;
import dev.tidemark.runtime.metrics.MetricRegistry;
import dev.tidemark.runtime.operators.OperatorContext;
import dev.tidemark.runtime.operators.Output;
import dev.tidemark.runtime.operators.WatermarkStatus;
import dev.tidemark.runtime.timers.ManualProcessingTimeService;
import dev.tidemark.windowing.assigners.EventTimeSessionWindows;
import dev.tidemark.windowing.assigners.SlidingEventTimeWindows;
import dev.tidemark.windowing.assigners.WindowAssigner;
import dev.tidemark.windowing.triggers.EventTimeTrigger;
import dev.tidemark.windowing.triggers.Trigger;
import dev.tidemark.windowing.windows.TimeWindow;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The window operator, driven directly: after cleanup time a key and window leave nothing behind. */
class WindowOperatorCleanupTest {

    private final List<Object> emitted = new ArrayList<>();

    private final Output<Integer> output = new Output<>() {
        @Override
        public void collect(Integer value, long timestamp) {
            emitted.add(value);
        }

        @Override
        public <X> void collect(OutputTag<X> tag, X value, long timestamp) {
            emitted.add(tag.id() + ":" + value);
        }

        @Override
        public void emitWatermark(Watermark watermark) {}

        @Override
        public void emitWatermarkStatus(WatermarkStatus status) {}
    };

    /** The context of a single operator instance on a manual clock. */
    private static <T> OperatorContext<T> context(Output<T> output) {
        return new OperatorContext<>("Window", output, new ManualProcessingTimeService(0), new ExecutionConfig(), 0, 1,
                new MetricRegistry(() -> 0L), new dev.tidemark.runtime.metrics.AccumulatorRegistry());
    }

    @SuppressWarnings("unchecked")
    private WindowOperator<Integer, Integer, Integer, TimeWindow> operator(WindowAssigner<Object, TimeWindow> assigner,
            long lateness) throws Exception {
        WindowOperatorSpec<Integer, Integer, Integer, TimeWindow> spec = new WindowOperatorSpec<>(
                (KeySelector<Integer, Integer>) i -> i % 100, assigner, (Trigger<Object, TimeWindow>) assigner.getDefaultTrigger(),
                null, lateness, null, Integer::sum, null,
                (ProcessWindowFunction<Integer, Integer, Integer, TimeWindow>) (Object) WindowFunctions.passThrough());
        var op = new WindowOperator<>(spec, context(output));
        op.open();
        return op;
    }

    @Test
    void slidingWindowsWithLateness_leaveNoStateOrTimersAfterCleanup() throws Exception {
        var op = operator(SlidingEventTimeWindows.of(Duration.ofMillis(20), Duration.ofMillis(5)), 10);
        for (int i = 0; i < 1_000; i++) {
            op.processElement(i, i % 50);
        }
        assertThat(op.stateSize()).isPositive();
        op.processWatermark(new Watermark(60));
        assertThat(op.stateSize()).as("every window ends by 64; cleanup at maxTimestamp + 10").isPositive();
        op.processWatermark(new Watermark(78));
        assertThat(op.stateSize()).isZero();
        assertThat(emitted).isNotEmpty();
    }

    @Test
    void sessions_leaveNoStateOrTimersAfterCleanup() throws Exception {
        var op = operator(EventTimeSessionWindows.withGap(Duration.ofMillis(7)), 3);
        for (int i = 0; i < 1_000; i++) {
            op.processElement(i, (i * 37) % 200);
        }
        op.processWatermark(new Watermark(300));
        assertThat(op.stateSize()).isZero();
    }

    @Test
    @SuppressWarnings("unchecked")
    void panedSlidingWindows_leaveNoStateOrTimersOnceTheirWindowsFired() throws Exception {
        WindowOperatorSpec<Integer, Integer, Long, TimeWindow> spec = new WindowOperatorSpec<>(
                (KeySelector<Integer, Integer>) i -> i % 100, SlidingEventTimeWindows.of(Duration.ofMillis(20),
                Duration.ofMillis(5)), EventTimeTrigger.create(), null, 0, null, null,
                dev.tidemark.api.functions.Aggregations.count(),
                (ProcessWindowFunction<Long, Long, Integer, TimeWindow>) (Object) WindowFunctions.passThrough());
        List<Object> counts = new ArrayList<>();
        var op = new PanedWindowOperator<>(spec, context(new Output<Long>() {
            @Override
            public void collect(Long value, long timestamp) {
                counts.add(value);
            }

            @Override
            public <X> void collect(OutputTag<X> tag, X value, long timestamp) {}

            @Override
            public void emitWatermark(Watermark watermark) {}

            @Override
            public void emitWatermarkStatus(WatermarkStatus status) {}
        }));
        op.open();
        for (int i = 0; i < 1_000; i++) {
            op.processElement(i, i % 50);
        }
        op.processWatermark(new Watermark(60));
        assertThat(op.stateSize()).as("windows ending after 60 still hold panes and timers").isPositive();
        op.processWatermark(new Watermark(68));
        assertThat(op.stateSize()).as("the last window ends at 69: 68 is its max timestamp").isZero();
        assertThat(counts.stream().mapToLong(c -> (Long) c).sum()).as("every element counted in 4 windows")
                .isEqualTo(4_000);
    }

    @Test
    @SuppressWarnings("unchecked")
    void alignedWindowsWithLateness_leaveNothingAfterCleanup() throws Exception {
        WindowOperatorSpec<Integer, Integer, Integer, TimeWindow> spec = new WindowOperatorSpec<>(
                (KeySelector<Integer, Integer>) i -> i % 100, SlidingEventTimeWindows.of(Duration.ofMillis(20),
                Duration.ofMillis(5)), EventTimeTrigger.create(), null, 10, null, Integer::sum, null,
                (ProcessWindowFunction<Integer, Integer, Integer, TimeWindow>) (Object) WindowFunctions.passThrough());
        var op = new AlignedWindowOperator<>(spec, context(output));
        op.open();
        for (int i = 0; i < 1_000; i++) {
            op.processElement(i, i % 50);
        }
        op.processWatermark(new Watermark(60));
        assertThat(op.stateSize()).as("windows ending after 50 are within their lateness").isPositive();
        op.processWatermark(new Watermark(78));
        assertThat(op.stateSize()).as("the last window ends at 69: cleanup at 68 + 10").isZero();
        assertThat(emitted).as("each key has one timestamp (key mod 50), in 4 windows").hasSize(400);
    }

    @Test
    void alignedWindows_applyOnlyWhereTheyGiveTheGeneralOperatorsResults() {
        java.util.function.BiFunction<WindowAssigner<Object, TimeWindow>, Trigger<Object, TimeWindow>,
                WindowOperatorSpec<Integer, Integer, Integer, TimeWindow>> spec = (assigner, trigger) ->
                new WindowOperatorSpec<>((KeySelector<Integer, Integer>) i -> i, assigner, trigger, null, 0, null,
                        Integer::sum, null, WindowFunctions.passThrough());
        var tumbling = dev.tidemark.windowing.assigners.TumblingEventTimeWindows.of(Duration.ofMillis(5));
        assertThat(AlignedWindowOperator.applies(spec.apply(tumbling, EventTimeTrigger.create()))).isTrue();
        assertThat(AlignedWindowOperator.applies(spec.apply(SlidingEventTimeWindows.of(Duration.ofMillis(20),
                Duration.ofMillis(5)), EventTimeTrigger.create()))).isTrue();
        assertThat(AlignedWindowOperator.applies(spec.apply(tumbling,
                dev.tidemark.windowing.triggers.CountTrigger.of(3)))).as("another trigger").isFalse();
        assertThat(AlignedWindowOperator.applies(spec.apply(
                dev.tidemark.windowing.assigners.TumblingProcessingTimeWindows.of(Duration.ofMillis(5)),
                EventTimeTrigger.create()))).as("processing time").isFalse();
        assertThat(AlignedWindowOperator.applies(new WindowOperatorSpec<>((KeySelector<Integer, Integer>) i -> i,
                tumbling, EventTimeTrigger.create(), null, 0, null, null, null, WindowFunctions.passThrough())))
                .as("all elements kept for the function: lists as accumulators").isTrue();
        assertThat(AlignedWindowOperator.applies(new WindowOperatorSpec<>((KeySelector<Integer, Integer>) i -> i,
                tumbling, EventTimeTrigger.create(),
                dev.tidemark.windowing.evictors.CountEvictor.<TimeWindow>of(2), 0, null, null, null,
                WindowFunctions.passThrough())))
                .as("an evictor").isFalse();
    }

    @Test
    @SuppressWarnings("unchecked")
    void sessionTablesWithLateness_leaveNothingAfterCleanup() throws Exception {
        WindowOperatorSpec<Integer, Integer, Integer, TimeWindow> spec = new WindowOperatorSpec<>(
                (KeySelector<Integer, Integer>) i -> i % 100, EventTimeSessionWindows.withGap(Duration.ofMillis(7)),
                EventTimeTrigger.create(), null, 10, null, Integer::sum, null,
                (ProcessWindowFunction<Integer, Integer, Integer, TimeWindow>) (Object) WindowFunctions.passThrough());
        var op = new SessionWindowOperator<>(spec, context(output));
        op.open();
        for (int i = 0; i < 1_000; i++) {
            op.processElement(i, (i * 37) % 200);
        }
        op.processWatermark(new Watermark(150));
        assertThat(op.stateSize()).as("sessions ending after 150 are open").isPositive();
        op.processWatermark(new Watermark(205));
        assertThat(op.stateSize()).as("fired, within their lateness").isPositive();
        op.processWatermark(new Watermark(215));
        assertThat(op.stateSize()).as("the last session ends at 206: cleanup at 205 + 10").isZero();
        assertThat(emitted).isNotEmpty();
    }

    @Test
    void sessionTables_applyOnlyWhereTheyGiveTheGeneralOperatorsResults() {
        java.util.function.BiFunction<WindowAssigner<Object, TimeWindow>, Long,
                WindowOperatorSpec<Integer, Integer, Integer, TimeWindow>> spec = (assigner, lateness) ->
                new WindowOperatorSpec<>((KeySelector<Integer, Integer>) i -> i, assigner, EventTimeTrigger.create(),
                        null, lateness, null, Integer::sum, null, WindowFunctions.passThrough());
        assertThat(SessionWindowOperator.applies(spec.apply(EventTimeSessionWindows.withGap(Duration.ofMillis(5)), 0L)))
                .isTrue();
        assertThat(SessionWindowOperator.applies(spec.apply(
                EventTimeSessionWindows.withDynamicGap(element -> 5), 0L))).as("dynamic gaps").isTrue();
        assertThat(SessionWindowOperator.applies(spec.apply(EventTimeSessionWindows.withGap(Duration.ofMillis(5)), 3L)))
                .as("allowed lateness").isTrue();
        assertThat(SessionWindowOperator.applies(spec.apply(
                dev.tidemark.windowing.assigners.ProcessingTimeSessionWindows.withGap(Duration.ofMillis(5)), 0L)))
                .as("processing time").isFalse();
        assertThat(SessionWindowOperator.applies(spec.apply(
                dev.tidemark.windowing.assigners.TumblingEventTimeWindows.of(Duration.ofMillis(5)), 0L)))
                .as("not sessions").isFalse();
    }
}
