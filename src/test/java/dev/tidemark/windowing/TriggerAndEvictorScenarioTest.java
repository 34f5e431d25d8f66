package dev.tidemark.windowing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tidemark.api.TimeCharacteristic;
import dev.tidemark.api.functions.AggregateFunction;
import dev.tidemark.api.functions.Collector;
import dev.tidemark.api.functions.ProcessAllWindowFunction;
import dev.tidemark.api.functions.ProcessWindowFunction;
import dev.tidemark.state.ValueState;
import dev.tidemark.state.ValueStateDescriptor;
import dev.tidemark.testing.TestDriver;
import dev.tidemark.testing.TestSink;
import dev.tidemark.testing.TestSource;
import dev.tidemark.windowing.assigners.EventTimeSessionWindows;
import dev.tidemark.windowing.assigners.GlobalWindows;
import dev.tidemark.windowing.assigners.TumblingEventTimeWindows;
import dev.tidemark.windowing.assigners.TumblingProcessingTimeWindows;
import dev.tidemark.windowing.evictors.CountEvictor;
import dev.tidemark.windowing.evictors.DeltaEvictor;
import dev.tidemark.windowing.evictors.TimeEvictor;
import dev.tidemark.windowing.triggers.ContinuousEventTimeTrigger;
import dev.tidemark.windowing.triggers.ContinuousProcessingTimeTrigger;
import dev.tidemark.windowing.triggers.CountTrigger;
import dev.tidemark.windowing.triggers.PurgingTrigger;
import dev.tidemark.windowing.triggers.Trigger;
import dev.tidemark.windowing.windows.GlobalWindow;
import dev.tidemark.windowing.windows.TimeWindow;
import dev.tidemark.windowing.windows.Window;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class TriggerAndEvictorScenarioTest {

    /** Lists a window's elements: "[a, b, c]". */
    static final class ListAll<W extends Window> extends ProcessWindowFunction<Integer, String, Integer, W> {
        @Override
        public void process(Integer key, Context ctx, Iterable<Integer> values, Collector<String> out) {
            List<Integer> all = new ArrayList<>();
            values.forEach(all::add);
            out.collect(all.toString());
        }
    }

    private final TestDriver driver = TestDriver.create();
    private final TestSource<Integer> in = driver.source("numbers", Integer.class);

    @AfterEach
    void close() {
        driver.close();
    }

    @Test
    void countWindow_tumbling_firesAndPurgesEverySizeElements_perKey() {
        TestSink<Integer> out = driver.sink(in.stream().keyBy(i -> i % 2).countWindow(3).reduce(Integer::sum));
        driver.start();
        for (int i = 1; i <= 8; i++) {
            in.emit(i);
        }
        in.finish();
        assertThat(out.records()).as("odd 1+3+5, even 2+4+6; 7 and 8 never complete").containsExactly(9, 12);
    }

    @Test
    void countWindow_sliding_lastSizeElementsEverySlide() {
        TestSink<String> out = driver.sink(in.stream().keyBy(i -> 0).countWindow(3, 2).process(new ListAll<>()));
        driver.start();
        for (int i = 1; i <= 6; i++) {
            in.emit(i);
        }
        assertThat(out.records()).containsExactly("[1, 2]", "[2, 3, 4]", "[4, 5, 6]");
    }

    @Test
    void continuousEventTimeTrigger_firesEarlyAtEachInterval_andAtTheEnd() {
        TestSink<String> out = driver.sink(in.stream().keyBy(i -> 0)
                .window(TumblingEventTimeWindows.of(Duration.ofMillis(100)))
                .trigger(ContinuousEventTimeTrigger.of(Duration.ofMillis(30)))
                .process(new ListAll<>()));
        driver.start();
        in.emit(1, 5).emit(2, 40);
        in.emitWatermark(30); // first early firing at 30 (element 5 registered 0 + 30)
        in.emit(3, 70);
        in.emitWatermark(65); // fires at 60, with element 70 already in the window
        in.emitWatermark(99); // fires at 90 and at the end, 99
        assertThat(out.records()).containsExactly("[1, 2]", "[1, 2, 3]", "[1, 2, 3]", "[1, 2, 3]");
    }

    @Test
    void continuousEventTimeTrigger_beforeTheEpoch_roundsTheFirstFiringTowardZero_asFlinkDoes() {
        TestSink<String> out = driver.sink(in.stream().keyBy(i -> 0)
                .window(TumblingEventTimeWindows.of(Duration.ofMillis(100)))
                .trigger(ContinuousEventTimeTrigger.of(Duration.ofMillis(30)))
                .process(new ListAll<>()));
        driver.start();
        in.emit(1, -95);
        in.emitWatermark(-89);
        assertThat(out.records()).as("-95 rounds to -90: the first firing is at -60").isEmpty();
        in.emitWatermark(-60);
        assertThat(out.records()).as("fires at -60").containsExactly("[1]");
        in.emitWatermark(-1);
        assertThat(out.records()).as("and at -30 and the window's end, -1: three in all").hasSize(3);
    }

    @Test
    void purgingTrigger_emitsOnlyWhatArrivedSinceTheLastFiring() {
        TestSink<Integer> out = driver.sink(in.stream().keyBy(i -> 0)
                .window(GlobalWindows.create())
                .trigger(PurgingTrigger.of(CountTrigger.<GlobalWindow>of(2)))
                .reduce(Integer::sum));
        driver.start();
        in.emit(1).emit(2).emit(3).emit(4).emit(5);
        assertThat(out.records()).containsExactly(3, 7);
    }

    @Test
    void countEvictor_keepsNewest_beforeTheFunction() {
        TestSink<String> out = driver.sink(in.stream().keyBy(i -> 0)
                .window(TumblingEventTimeWindows.of(Duration.ofMillis(100)))
                .evictor(CountEvictor.of(2))
                .process(new ListAll<>()));
        driver.start();
        in.emit(1, 1).emit(2, 2).emit(3, 3);
        in.finish();
        assertThat(out.records()).containsExactly("[2, 3]");
    }

    @Test
    void timeEvictor_andEvictAfter_withReduce() {
        TestSink<Integer> out = driver.sink(in.stream().keyBy(i -> 0)
                .window(GlobalWindows.create())
                .trigger(CountTrigger.of(3))
                .evictor(TimeEvictor.of(Duration.ofMillis(10)))
                .reduce(Integer::sum));
        driver.start();
        in.emit(1, 0).emit(2, 5).emit(4, 12); // fire: cutoff 12 - 10 = 2 removes ts 0 -> 2 + 4
        in.emit(8, 14).emit(16, 30).emit(32, 31); // fire: cutoff 21 keeps 30, 31
        assertThat(out.records()).containsExactly(6, 48);
    }

    @Test
    void deltaEvictor_removesElementsFarFromTheNewest_afterTheFunction() {
        TestSink<String> out = driver.sink(in.stream().keyBy(i -> 0)
                .window(GlobalWindows.create())
                .trigger(CountTrigger.of(2))
                .evictor(DeltaEvictor.<Integer, GlobalWindow>of(5.0, (a, b) -> Math.abs(a - b), true))
                .process(new ListAll<>()));
        driver.start();
        in.emit(1).emit(2).emit(10).emit(11);
        assertThat(out.records()).containsExactly("[1, 2]", "[1, 2, 10, 11]");
    }

    /** Counts per window with per-window state, and emits the key's running total from global state. */
    static final class Totals extends ProcessWindowFunction<Integer, String, Integer, TimeWindow> {
        private final ValueStateDescriptor<Integer> firings = new ValueStateDescriptor<>("firings", Integer.class);
        private final ValueStateDescriptor<Integer> total = new ValueStateDescriptor<>("total", Integer.class);

        @Override
        public void process(Integer key, Context ctx, Iterable<Integer> sums, Collector<String> out) {
            int sum = sums.iterator().next();
            ValueState<Integer> windowFirings = ctx.windowState().getState(firings);
            windowFirings.update(windowFirings.value() == null ? 1 : windowFirings.value() + 1);
            ValueState<Integer> keyTotal = ctx.globalState().getState(total);
            keyTotal.update(keyTotal.value() == null ? sum : keyTotal.value() + sum);
            out.collect(ctx.window().start() + ": sum=" + sum + " firing=" + windowFirings.value()
                    + " total=" + keyTotal.value() + " wm=" + ctx.currentWatermark());
        }

        @Override
        public void clear(Context ctx) {
            ctx.windowState().getState(firings).clear();
        }
    }

    @Test
    void aggregateWithProcessWindowFunction_perWindowAndGlobalState() {
        TestSink<String> out = driver.sink(in.stream().keyBy(i -> 0)
                .window(TumblingEventTimeWindows.of(Duration.ofMillis(10)))
                .allowedLateness(Duration.ofMillis(10))
                .aggregate(new Sum(), new Totals()));
        driver.start();
        in.emit(1, 1).emitWatermark(9).emit(2, 2).emit(4, 12).emitWatermark(30);
        assertThat(out.records()).containsExactly(
                "0: sum=1 firing=1 total=1 wm=9",
                "0: sum=3 firing=2 total=4 wm=9",
                "10: sum=4 firing=1 total=8 wm=30");
    }

    static final class Sum implements AggregateFunction<Integer, int[], Integer> {
        @Override
        public int[] createAccumulator() {
            return new int[1];
        }

        @Override
        public int[] add(Integer value, int[] acc) {
            acc[0] += value;
            return acc;
        }

        @Override
        public Integer getResult(int[] acc) {
            return acc[0];
        }

        @Override
        public int[] merge(int[] a, int[] b) {
            return new int[] {a[0] + b[0]};
        }
    }

    @Test
    void processingTimeWindows_fireOnVirtualTime_andContinuousProcessingTrigger() {
        TestSink<Integer> tumbling = driver.sink(in.stream().keyBy(i -> 0)
                .window(TumblingProcessingTimeWindows.of(Duration.ofMillis(100))).reduce(Integer::sum));
        TestSink<Integer> early = driver.sink(in.stream().keyBy(i -> 0)
                .window(TumblingProcessingTimeWindows.of(Duration.ofMillis(100)))
                .trigger(ContinuousProcessingTimeTrigger.of(Duration.ofMillis(40)))
                .reduce(Integer::sum));
        driver.start();
        in.emit(1);
        driver.advanceProcessingTime(Duration.ofMillis(50));
        in.emit(2);
        driver.advanceProcessingTime(Duration.ofMillis(60)); // t=110
        in.emit(4);
        driver.advanceProcessingTime(Duration.ofMillis(100)); // t=210
        assertThat(tumbling.records()).containsExactly(3, 4);
        assertThat(early.records()).as("t=40, 80, 99, then 140, 180, 199").containsExactly(1, 3, 3, 4, 4, 4);
    }

    @Test
    void timeWindow_followsTheTimeCharacteristic() {
        driver.env().setStreamTimeCharacteristic(TimeCharacteristic.PROCESSING_TIME);
        TestSink<Integer> out = driver.sink(in.stream().keyBy(i -> 0).timeWindow(Duration.ofMillis(10)).reduce(Integer::sum));
        driver.start();
        in.emit(1).emit(2);
        driver.advanceProcessingTime(Duration.ofMillis(10));
        assertThat(out.records()).containsExactly(3);
    }

    static final class CountAll extends ProcessAllWindowFunction<Integer, String, TimeWindow> {
        @Override
        public void process(Context ctx, Iterable<Integer> values, Collector<String> out) {
            int n = 0;
            for (Integer ignored : values) {
                n++;
            }
            out.collect(ctx.window().start() + ":" + n);
        }
    }

    @Test
    void windowAll_seesEveryElementRegardlessOfKey_asOneInstanceAtAnyParallelism() {
        driver.env().setParallelism(3);
        TestSink<String> out = driver.sink(in.stream()
                .windowAll(TumblingEventTimeWindows.of(Duration.ofMillis(10))).process(new CountAll()));
        driver.start();
        in.emit(1, 1).emit(2, 2).emit(3, 11);
        in.finish();
        assertThat(out.records()).containsExactly("0:2", "10:1");
    }

    /** A custom trigger: fires when the sum of a window reaches 10, keeping the sum in partitioned state. */
    static final class SumReaches10 extends Trigger<Integer, TimeWindow> {
        private final dev.tidemark.state.ReducingStateDescriptor<Integer> sum =
                new dev.tidemark.state.ReducingStateDescriptor<>("sum", Integer::sum, Integer.class);

        @Override
        public dev.tidemark.windowing.triggers.TriggerResult onElement(Integer element, long timestamp, TimeWindow window,
                TriggerContext ctx) {
            var state = ctx.getPartitionedState(sum);
            state.add(element);
            return state.get() >= 10 ? dev.tidemark.windowing.triggers.TriggerResult.FIRE_AND_PURGE
                    : dev.tidemark.windowing.triggers.TriggerResult.CONTINUE;
        }

        @Override
        public dev.tidemark.windowing.triggers.TriggerResult onProcessingTime(long time, TimeWindow window, TriggerContext ctx) {
            return dev.tidemark.windowing.triggers.TriggerResult.CONTINUE;
        }

        @Override
        public dev.tidemark.windowing.triggers.TriggerResult onEventTime(long time, TimeWindow window, TriggerContext ctx) {
            return dev.tidemark.windowing.triggers.TriggerResult.CONTINUE;
        }

        @Override
        public boolean canMerge() {
            return true;
        }

        @Override
        public void onMerge(TimeWindow window, OnMergeContext ctx) {
            ctx.mergePartitionedState(sum);
        }

        @Override
        public void clear(TimeWindow window, TriggerContext ctx) {
            ctx.getPartitionedState(sum).clear();
        }
    }

    @Test
    void customTrigger_partitionedStateMergesWithSessions() {
        TestSink<String> out = driver.sink(in.stream().keyBy(i -> 0)
                .window(EventTimeSessionWindows.withGap(Duration.ofMillis(10)))
                .trigger(new SumReaches10())
                .process(new ListAll<>()));
        driver.start();
        in.emit(4, 0).emit(5, 30).emit(3, 15); // sessions [0,10), [30,40), [15,25)
        in.emit(1, 8); // [8,18) merges [0,10) and [15,25) into [0,25): merged sum 4+3+1 = 8
        in.emit(2, 19); // [19,29) joins [0,25) but not [30,40): sum 10 fires [0,29)
        assertThat(out.records()).containsExactly("[4, 3, 1, 2]");
    }

    @Test
    void mergingWindows_withATriggerThatCannotMerge_areRejected() {
        assertThatThrownBy(() -> in.stream().keyBy(i -> 0)
                .window(EventTimeSessionWindows.withGap(Duration.ofMillis(10)))
                .trigger(new Trigger<Object, TimeWindow>() {
                    @Override
                    public dev.tidemark.windowing.triggers.TriggerResult onElement(Object e, long t, TimeWindow w,
                            TriggerContext c) {
                        return dev.tidemark.windowing.triggers.TriggerResult.CONTINUE;
                    }

                    @Override
                    public dev.tidemark.windowing.triggers.TriggerResult onProcessingTime(long t, TimeWindow w,
                            TriggerContext c) {
                        return dev.tidemark.windowing.triggers.TriggerResult.CONTINUE;
                    }

                    @Override
                    public dev.tidemark.windowing.triggers.TriggerResult onEventTime(long t, TimeWindow w, TriggerContext c) {
                        return dev.tidemark.windowing.triggers.TriggerResult.CONTINUE;
                    }

                    @Override
                    public void clear(TimeWindow w, TriggerContext c) {}
                })
                .reduce(Integer::sum))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("trigger must support merging for merging windows");
    }

    static final dev.tidemark.api.OutputTag<String> BIG = dev.tidemark.api.OutputTag.of("big", String.class);

    /** Emits the sum, and a side-output note when it is large. */
    static final class SumWithNote extends ProcessWindowFunction<Integer, Integer, Integer, TimeWindow> {
        @Override
        public void process(Integer key, Context ctx, Iterable<Integer> sums, Collector<Integer> out) {
            int sum = sums.iterator().next();
            out.collect(sum);
            if (sum > 5) {
                ctx.output(BIG, "window " + ctx.window().start() + " sum " + sum);
            }
        }
    }

    @Test
    void processWindowFunction_sideOutputsCarryTheWindowMaxTimestamp() {
        var sums = in.stream().keyBy(i -> 0).window(TumblingEventTimeWindows.of(Duration.ofMillis(10)))
                .reduce(Integer::sum, new SumWithNote());
        TestSink<Integer> out = driver.sink(sums);
        TestSink<String> big = driver.sink(sums.getSideOutput(BIG));
        driver.start();
        in.emit(1, 1).emit(2, 2).emit(4, 12).emit(5, 13);
        in.finish();
        assertThat(out.records()).containsExactly(3, 9);
        assertThat(big.timestampedRecords()).extracting(r -> r.value() + "@" + r.timestamp())
                .containsExactly("window 10 sum 9@19");
    }
}
