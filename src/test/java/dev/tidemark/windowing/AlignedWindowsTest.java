package dev.tidemark.windowing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tidemark.api.KeyedStream;
import dev.tidemark.api.OutputTag;
import dev.tidemark.api.SingleOutputStreamOperator;
import dev.tidemark.api.WindowedStream;
import dev.tidemark.api.functions.AggregateFunction;
import dev.tidemark.api.functions.Aggregations;
import dev.tidemark.api.functions.Collector;
import dev.tidemark.api.functions.ProcessWindowFunction;
import dev.tidemark.checkpoint.JobSnapshot;
import dev.tidemark.state.ValueState;
import dev.tidemark.state.ValueStateDescriptor;
import dev.tidemark.testing.TestDriver;
import dev.tidemark.testing.TestSink;
import dev.tidemark.testing.TestSource;
import dev.tidemark.windowing.assigners.SlidingEventTimeWindows;
import dev.tidemark.windowing.assigners.TumblingEventTimeWindows;
import dev.tidemark.windowing.assigners.WindowAssigner;
import dev.tidemark.windowing.triggers.EventTimeTrigger;
import dev.tidemark.windowing.triggers.Trigger;
import dev.tidemark.windowing.triggers.TriggerResult;
import dev.tidemark.windowing.windows.TimeWindow;
import java.io.Serializable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import java.util.function.ObjIntConsumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Tumbling and sliding event-time windows with the default trigger run on window-first tables
 * ({@code AlignedWindowOperator}), and {@code sharePanes()} on pane-first ones: their results, late
 * output, window state and cleanup must be the general operator's, in the same order, and survive a
 * restore.
 */
class AlignedWindowsTest {

    record Event(int key, int value) implements Serializable {}

    static final OutputTag<Event> LATE = OutputTag.of("late", Event.class);

    /**
     * EventTimeTrigger's decisions behind another class, so the general operator runs them: the
     * reference the aligned operator is held to.
     */
    static final class SameAsEventTimeTrigger extends Trigger<Object, TimeWindow> {
        private final Trigger<Object, TimeWindow> delegate = EventTimeTrigger.create();

        @Override
        public TriggerResult onElement(Object element, long timestamp, TimeWindow window, TriggerContext ctx)
                throws Exception {
            return delegate.onElement(element, timestamp, window, ctx);
        }

        @Override
        public TriggerResult onProcessingTime(long time, TimeWindow window, TriggerContext ctx) throws Exception {
            return delegate.onProcessingTime(time, window, ctx);
        }

        @Override
        public TriggerResult onEventTime(long time, TimeWindow window, TriggerContext ctx) throws Exception {
            return delegate.onEventTime(time, window, ctx);
        }

        @Override
        public void clear(TimeWindow window, TriggerContext ctx) throws Exception {
            delegate.clear(window, ctx);
        }

        @Override
        public boolean canMerge() {
            return delegate.canMerge();
        }

        @Override
        public void onMerge(TimeWindow window, OnMergeContext ctx) throws Exception {
            delegate.onMerge(window, ctx);
        }
    }

    /**
     * Describes each firing with what a user can observe: key, window, its input (the result of a reduce or an aggregate, or every element in the order given), how often this key's
     * window fired (window state), how many of the key's windows were cleared (global state, counted
     * in {@code clear}), and the watermark.
     */
    static final class Track<K, IN> extends ProcessWindowFunction<IN, String, K, TimeWindow> {
        private static final ValueStateDescriptor<Integer> FIRINGS = new ValueStateDescriptor<>("firings", Integer.class);
        private static final ValueStateDescriptor<Integer> CLEARS = new ValueStateDescriptor<>("clears", Integer.class);

        @Override
        public void process(K key, Context ctx, Iterable<IN> sums, Collector<String> out) throws Exception {
            ValueState<Integer> firings = ctx.windowState().getState(FIRINGS);
            int fired = firings.value() == null ? 1 : firings.value() + 1;
            firings.update(fired);
            Integer cleared = ctx.globalState().getState(CLEARS).value();
            StringBuilder input = new StringBuilder(); // every element, in the order given
            for (Object sum : sums) {
                input.append(input.isEmpty() ? "" : ",").append(sum instanceof Event e ? e.value() : sum);
            }
            out.collect(key + "|" + ctx.window() + "|" + input + "|fired " + fired + "|cleared "
                    + (cleared == null ? 0 : cleared) + "|wm " + ctx.currentWatermark());
        }

        @Override
        public void clear(Context ctx) throws Exception {
            ctx.windowState().getState(FIRINGS).clear();
            ValueState<Integer> clears = ctx.globalState().getState(CLEARS);
            clears.update(clears.value() == null ? 1 : clears.value() + 1);
        }
    }

    static class Sum implements AggregateFunction<Event, int[], Integer> {
        @Override
        public int[] createAccumulator() {
            return new int[1];
        }

        @Override
        public int[] add(Event e, int[] acc) {
            acc[0] += e.value();
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

    /** {@code Aggregations.count()} without its promise that merge is exact: windows keep one count each. */
    static final class CountWithoutPromise<T> implements AggregateFunction<T, long[], Long> {
        private final AggregateFunction<T, long[], Long> count = Aggregations.count();

        @Override
        public long[] createAccumulator() {
            return count.createAccumulator();
        }

        @Override
        public long[] add(T e, long[] acc) {
            return count.add(e, acc);
        }

        @Override
        public Long getResult(long[] acc) {
            return count.getResult(acc);
        }

        @Override
        public long[] merge(long[] a, long[] b) {
            return count.merge(a, b);
        }
    }

    /**
     * The last digits of the values in the order they were added: an aggregate whose result tells
     * whether each window's accumulator saw its elements in arrival order.
     */
    static final class Digits implements AggregateFunction<Event, long[], Long> {
        @Override
        public long[] createAccumulator() {
            return new long[1];
        }

        @Override
        public long[] add(Event e, long[] acc) {
            acc[0] = acc[0] * 10 + e.value() % 10; // wraps alike in every operator
            return acc;
        }

        @Override
        public Long getResult(long[] acc) {
            return acc[0];
        }

        @Override
        public long[] merge(long[] a, long[] b) {
            throw new UnsupportedOperationException("not used by windows that do not merge");
        }
    }

    /** How the test windows fold their elements; ELEMENTS keeps them all for the window function. */
    enum Fold {
        REDUCE, SUM, DIGITS, ELEMENTS
    }

    static SingleOutputStreamOperator<String> windows(KeyedStream<Event, Integer> keyed,
            WindowAssigner<Object, TimeWindow> assigner, long lateness, boolean reference, Fold fold) {
        WindowedStream<Event, Integer, TimeWindow> windowed = keyed.window(assigner)
                .allowedLateness(Duration.ofMillis(lateness)).sideOutputLateData(LATE);
        if (reference) {
            windowed = windowed.trigger(new SameAsEventTimeTrigger());
        }
        return switch (fold) {
            case REDUCE -> windowed.reduce((a, b) -> new Event(a.key(), a.value() + b.value()), new Track<>());
            case SUM -> windowed.aggregate(new Sum(), new Track<>());
            case DIGITS -> windowed.aggregate(new Digits(), new Track<>());
            case ELEMENTS -> windowed.process(new Track<>());
        };
    }

    private static WindowAssigner<Object, TimeWindow> randomAssigner(Random random) {
        long size = 3 + random.nextInt(30);
        if (random.nextBoolean()) {
            return TumblingEventTimeWindows.of(Duration.ofMillis(size),
                    Duration.ofMillis(random.nextInt((int) size * 2 - 1) - size + 1));
        }
        long slide = 1 + random.nextInt((int) size);
        return SlidingEventTimeWindows.of(Duration.ofMillis(size), Duration.ofMillis(slide),
                Duration.ofMillis(random.nextInt((int) slide * 2 - 1) - slide + 1));
    }

    @Test
    void randomInputs_giveTheGeneralOperatorsOutput_inTheSameOrder() {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        for (int run = 0; run < 60; run++) {
            WindowAssigner<Object, TimeWindow> assigner = randomAssigner(random);
            long lateness = random.nextBoolean() ? 0 : random.nextInt(40);
            Fold fold = Fold.values()[random.nextInt(Fold.values().length)];
            String config = "seed=" + seed + " run=" + run + " assigner=" + assigner + " lateness=" + lateness
                    + " fold=" + fold;
            assertSameOutput(random, config, keyed -> windows(keyed, assigner, lateness, false, fold),
                    keyed -> windows(keyed, assigner, lateness, true, fold));
        }
    }

    /** {@code sharePanes()} keeps panes the same way: the general operator's output, in its order. */
    @Test
    void sharedPanes_giveTheGeneralOperatorsOutput_inTheSameOrder() {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        for (int run = 0; run < 40; run++) {
            long slide = 1 + random.nextInt(8);
            long size = slide * (1 + random.nextInt(6));
            WindowAssigner<Object, TimeWindow> assigner = SlidingEventTimeWindows.of(Duration.ofMillis(size),
                    Duration.ofMillis(slide), Duration.ofMillis(random.nextInt((int) slide * 2 - 1) - slide + 1));
            String config = "seed=" + seed + " run=" + run + " size=" + size + " slide=" + slide;
            assertSameOutput(random, config,
                    keyed -> keyed.window(assigner).sideOutputLateData(LATE).sharePanes().aggregate(new Sum(), new Track<>()),
                    keyed -> windows(keyed, assigner, 0, true, Fold.SUM));
        }
    }

    /**
     * Runs random events and watermarks through {@code tested} and {@code reference}, side by side,
     * and checks that both emit the same results and late elements in the same order.
     */
    static void assertSameOutput(Random random, String config,
            Function<KeyedStream<Event, Integer>, SingleOutputStreamOperator<String>> tested,
            Function<KeyedStream<Event, Integer>, SingleOutputStreamOperator<String>> reference) {
        long start = random.nextInt(100) - 50;
        long disorder = random.nextInt(60);
        assertSameOutput(config, tested, reference, in -> {
            long clock = start;
            for (int i = 0; i < 400; i++) {
                clock += random.nextInt(4);
                in.emit(new Event(random.nextInt(5), 1 + random.nextInt(9)), clock - random.nextInt((int) disorder + 1));
                if (random.nextInt(6) == 0) {
                    in.emitWatermark(clock - random.nextInt((int) disorder + 10));
                }
            }
        });
    }

    /** As above, with the events and watermarks {@code input} emits. */
    static void assertSameOutput(String config,
            Function<KeyedStream<Event, Integer>, SingleOutputStreamOperator<String>> tested,
            Function<KeyedStream<Event, Integer>, SingleOutputStreamOperator<String>> reference,
            java.util.function.Consumer<TestSource<Event>> input) {
        try (TestDriver driver = TestDriver.create()) {
            TestSource<Event> in = driver.source("events", Event.class);
            KeyedStream<Event, Integer> keyed = in.stream().keyBy(Event::key);
            SingleOutputStreamOperator<String> testedStream = tested.apply(keyed);
            SingleOutputStreamOperator<String> referenceStream = reference.apply(keyed);
            TestSink<String> testedOut = driver.sink(testedStream);
            TestSink<String> referenceOut = driver.sink(referenceStream);
            TestSink<Event> testedLate = driver.sink(testedStream.getSideOutput(LATE));
            TestSink<Event> referenceLate = driver.sink(referenceStream.getSideOutput(LATE));
            driver.start();
            input.accept(in);
            in.finish();
            assertThat(referenceOut.records()).as(config).isNotEmpty();
            assertThat(testedOut.records()).as(config).containsExactlyElementsOf(referenceOut.records());
            assertThat(testedLate.records()).as(config).containsExactlyElementsOf(referenceLate.records());
        }
    }

    @Test
    void windowTables_surviveARestore() {
        List<String> uninterrupted = runWithRestoreAt(-1, keyed -> windows(keyed, twelveBy4(), 6, false, Fold.SUM));
        assertThat(uninterrupted).as("late firings happen").anyMatch(s -> s.contains("|fired 2|"));
        assertThat(runWithRestoreAt(157, keyed -> windows(keyed, twelveBy4(), 6, false, Fold.SUM)))
                .isEqualTo(uninterrupted);
    }

    @Test
    void paneTables_surviveARestore() {
        Function<KeyedStream<Event, Integer>, SingleOutputStreamOperator<String>> panes =
                keyed -> keyed.window(twelveBy4()).sharePanes().aggregate(new Sum(), new Track<>());
        List<String> uninterrupted = runWithRestoreAt(-1, panes);
        assertThat(uninterrupted).as("the general operator's results")
                .isEqualTo(runWithRestoreAt(-1, keyed -> windows(keyed, twelveBy4(), 0, true, Fold.SUM)));
        assertThat(runWithRestoreAt(157, panes)).isEqualTo(uninterrupted);
    }

    /**
     * Aligned windows snapshot what the general operator would: a program can add a trigger (or take
     * it away) between a savepoint and its restore, as with Flink.
     */
    @ParameterizedTest
    @EnumSource(value = Fold.class, names = {"SUM", "ELEMENTS"})
    void aSnapshot_restoresAcrossTheTwoOperators(Fold fold) {
        Function<KeyedStream<Event, Integer>, SingleOutputStreamOperator<String>> aligned =
                keyed -> windows(keyed, twelveBy4(), 6, false, fold);
        Function<KeyedStream<Event, Integer>, SingleOutputStreamOperator<String>> general =
                keyed -> windows(keyed, twelveBy4(), 6, true, fold);
        List<String> uninterrupted = runWithRestoreAt(-1, aligned);
        if (fold == Fold.ELEMENTS) {
            assertThat(uninterrupted).as("windows of several elements").anyMatch(s -> s.matches(".*\\|\\d,\\d.*"));
        }
        assertThat(runSwitchingAt(157, aligned, general)).as("aligned, then general").isEqualTo(uninterrupted);
        assertThat(runSwitchingAt(157, general, aligned)).as("general, then aligned").isEqualTo(uninterrupted);
    }

    /**
     * Panes restore into windows without panes (each window merges its panes), for the general
     * operator and aligned windows alike; windows cannot be split into panes, so the other way is
     * refused with a message rather than dropped.
     */
    @Test
    void panes_restoreIntoWindows_butWindowsAreNotSplitIntoPanes() {
        Function<KeyedStream<Event, Integer>, SingleOutputStreamOperator<String>> panes =
                keyed -> keyed.window(twelveBy4()).sharePanes().aggregate(new Sum(), new Track<>());
        Function<KeyedStream<Event, Integer>, SingleOutputStreamOperator<String>> aligned =
                keyed -> keyed.window(twelveBy4()).aggregate(new Sum(), new Track<>());
        Function<KeyedStream<Event, Integer>, SingleOutputStreamOperator<String>> general =
                keyed -> windows(keyed, twelveBy4(), 0, true, Fold.SUM);
        List<String> uninterrupted = runWithRestoreAt(-1, aligned);
        assertThat(runSwitchingAt(157, panes, aligned)).as("panes, then aligned windows").isEqualTo(uninterrupted);
        assertThat(runSwitchingAt(157, panes, general)).as("panes, then general").isEqualTo(uninterrupted);
        assertThatThrownBy(() -> runSwitchingAt(157, aligned, panes))
                .hasStackTraceContaining("the snapshot holds accumulators per window, not per pane");
        assertThatThrownBy(() -> runSwitchingAt(157, panes, keyed -> windows(keyed, twelveBy4(), 0, false, Fold.REDUCE)))
                .hasStackTraceContaining("the snapshot holds accumulators per pane (sharePanes(), or an aggregate"
                        + " whose mergesExactly()), and a program without panes restores them only with aggregate(...)");
    }

    /**
     * An aggregate whose merge is exact ({@code Aggregations.count()}) shares panes without
     * {@code sharePanes()}: the general operator's results, and a snapshot of panes (which panes
     * with a Sum would refuse), which the general operator restores after a trigger is added; a
     * snapshot of windows, which cannot be split into panes, it restores as windows. Where panes do
     * not apply (allowed lateness), it keeps windows.
     */
    @Test
    void anExactMerge_sharesPanesWithoutBeingAsked() {
        Function<KeyedStream<Event, Integer>, SingleOutputStreamOperator<String>> counted =
                keyed -> keyed.window(twelveBy4()).aggregate(Aggregations.count(), new Track<>());
        Function<KeyedStream<Event, Integer>, SingleOutputStreamOperator<String>> general =
                keyed -> keyed.window(twelveBy4()).trigger(new SameAsEventTimeTrigger())
                        .aggregate(Aggregations.count(), new Track<>());
        List<String> uninterrupted = runWithRestoreAt(-1, general);
        assertThat(runWithRestoreAt(157, counted)).isEqualTo(uninterrupted);
        assertThat(runSwitchingAt(157, counted, general)).as("panes into windows").isEqualTo(uninterrupted);
        Function<KeyedStream<Event, Integer>, SingleOutputStreamOperator<String>> countedPerWindow =
                keyed -> keyed.window(twelveBy4()).aggregate(new CountWithoutPromise<>(), new Track<>());
        assertThat(runWithRestoreAt(-1, countedPerWindow)).isEqualTo(uninterrupted);
        assertThat(runSwitchingAt(157, countedPerWindow, counted))
                .as("windows restored by count(), which goes on with them: they cannot be split into panes")
                .isEqualTo(uninterrupted);

        Function<KeyedStream<Event, Integer>, SingleOutputStreamOperator<String>> late =
                keyed -> keyed.window(twelveBy4()).allowedLateness(Duration.ofMillis(6))
                        .aggregate(Aggregations.count(), new Track<>());
        Function<KeyedStream<Event, Integer>, SingleOutputStreamOperator<String>> lateGeneral =
                keyed -> keyed.window(twelveBy4()).allowedLateness(Duration.ofMillis(6))
                        .trigger(new SameAsEventTimeTrigger()).aggregate(Aggregations.count(), new Track<>());
        assertThat(runSwitchingAt(157, late, lateGeneral)).as("windows, not panes")
                .isEqualTo(runWithRestoreAt(-1, lateGeneral));
    }

    /**
     * A window whose key is in one of its panes may be emitted from that pane's accumulator, which
     * the next windows read too; a result that is the accumulator itself, which the window function
     * then empties, must not empty the pane: the same results as one list per window.
     */
    @Test
    void sharedPanes_doNotHandOutAPanesAccumulator_whenTheResultCanChange() {
        Function<KeyedStream<Event, Integer>, SingleOutputStreamOperator<String>> shared =
                keyed -> keyed.window(twelveBy4()).sharePanes().aggregate(new Collect(), new Drain());
        Function<KeyedStream<Event, Integer>, SingleOutputStreamOperator<String>> perWindow =
                keyed -> keyed.window(twelveBy4()).aggregate(new Collect(), new Drain());
        List<String> expected = sparseKeys(perWindow);
        assertThat(expected).as("keys in one pane of a window, read by three").hasSize(3 * 40)
                .allMatch(result -> !result.endsWith("|[]"));
        assertThat(sparseKeys(shared)).isEqualTo(expected);
    }

    /** The results, sorted, of forty events of distinct keys, 4 ms apart: each key in one pane of its three windows. */
    private static List<String> sparseKeys(
            Function<KeyedStream<Event, Integer>, SingleOutputStreamOperator<String>> pipeline) {
        try (TestDriver driver = TestDriver.create()) {
            TestSource<Event> in = driver.source("events", Event.class);
            TestSink<String> out = driver.sink(pipeline.apply(in.stream().keyBy(Event::key)));
            driver.start();
            for (int i = 0; i < 40; i++) {
                in.emit(new Event(i, i % 7), 4L * i);
                in.emitWatermark(4L * i - 1);
            }
            in.finish();
            List<String> results = new ArrayList<>(out.records());
            results.sort(null);
            return results;
        }
    }

    /** Collects the values into a list and hands out the list itself. */
    static final class Collect implements AggregateFunction<Event, List<Integer>, List<Integer>> {
        @Override
        public List<Integer> createAccumulator() {
            return new ArrayList<>();
        }

        @Override
        public List<Integer> add(Event e, List<Integer> acc) {
            acc.add(e.value());
            return acc;
        }

        @Override
        public List<Integer> getResult(List<Integer> acc) {
            return acc;
        }

        @Override
        public List<Integer> merge(List<Integer> a, List<Integer> b) {
            a.addAll(b);
            return a;
        }
    }

    /** Describes the window's list, then empties it, as a function that owns its input may. */
    static final class Drain extends ProcessWindowFunction<List<Integer>, String, Integer, TimeWindow> {
        @Override
        public void process(Integer key, Context ctx, Iterable<List<Integer>> lists, Collector<String> out) {
            List<Integer> values = lists.iterator().next();
            out.collect(key + "|" + ctx.window() + "|" + values);
            values.clear();
        }
    }

    /** The results, sorted, of the events of {@link #runWithRestoreAt}: {@code first} snapshots at {@code at}, {@code then} restores it. */
    static List<String> runSwitchingAt(int at,
            Function<KeyedStream<Event, Integer>, SingleOutputStreamOperator<String>> first,
            Function<KeyedStream<Event, Integer>, SingleOutputStreamOperator<String>> then) {
        return runSwitchingAt(at, first, then, AlignedWindowsTest::emitEvent);
    }

    /** As above, with the 300 events (and watermarks) {@code events} emits for each {@code i}. */
    static List<String> runSwitchingAt(int at,
            Function<KeyedStream<Event, Integer>, SingleOutputStreamOperator<String>> first,
            Function<KeyedStream<Event, Integer>, SingleOutputStreamOperator<String>> then,
            ObjIntConsumer<TestSource<Event>> events) {
        List<String> committed = new ArrayList<>();
        JobSnapshot snapshot;
        try (TestDriver driver = TestDriver.create()) {
            TestSource<Event> in = driver.source("events", Event.class);
            TestSink<String> out = driver.sink(first.apply(in.stream().keyBy(Event::key)));
            driver.start();
            for (int i = 0; i <= at; i++) {
                events.accept(in, i);
            }
            snapshot = driver.snapshot();
            committed.addAll(out.records());
        }
        try (TestDriver driver = TestDriver.create()) {
            TestSource<Event> in = driver.source("events", Event.class);
            TestSink<String> out = driver.sink(then.apply(in.stream().keyBy(Event::key)));
            driver.start(snapshot);
            for (int i = at + 1; i < 300; i++) {
                events.accept(in, i);
            }
            in.finish();
            committed.addAll(out.records());
        }
        committed.sort(null);
        return committed;
    }

    /** Event {@code i} of the restore tests, up to 8 ms behind, and every twentieth a watermark that lets some fire again. */
    private static void emitEvent(TestSource<Event> in, int i) {
        in.emit(new Event(i % 3, i % 7), i / 2 - (i * 7) % 9);
        if (i % 20 == 19) {
            in.emitWatermark(i / 2 - 3);
        }
    }

    static WindowAssigner<Object, TimeWindow> twelveBy4() {
        return SlidingEventTimeWindows.of(Duration.ofMillis(12), Duration.ofMillis(4));
    }

    /**
     * The results, sorted, of 300 disordered events through {@code pipeline}; at event
     * {@code restoreAt} (if not -1) the driver snapshots, processes more, and restores the snapshot.
     */
    static List<String> runWithRestoreAt(int restoreAt,
            Function<KeyedStream<Event, Integer>, SingleOutputStreamOperator<String>> pipeline) {
        List<String> committed = new ArrayList<>();
        try (TestDriver driver = TestDriver.create()) {
            TestSource<Event> in = driver.source("events", Event.class);
            TestSink<String> out = driver.sink(pipeline.apply(in.stream().keyBy(Event::key)));
            driver.start();
            for (int i = 0; i < 300; i++) {
                emitEvent(in, i);
                if (i == restoreAt) {
                    JobSnapshot snapshot = driver.snapshot();
                    committed.addAll(out.records());
                    in.emit(new Event(4, 1), i / 2); // processed after the snapshot: gone on restore
                    in.emitWatermark(10_000);
                    driver.restore(snapshot);
                    out.clear();
                }
            }
            in.finish();
            committed.addAll(out.records());
        }
        committed.sort(null);
        return committed;
    }

    @Test
    void anElementWithoutTimestamp_isRefusedInTheAssignersWords() {
        try (TestDriver driver = TestDriver.create()) {
            TestSource<Event> in = driver.source("events", Event.class);
            driver.sink(in.stream().keyBy(Event::key).window(TumblingEventTimeWindows.of(Duration.ofMillis(5)))
                    .aggregate(new Sum()));
            driver.start();
            assertThatThrownBy(() -> in.emit(new Event(1, 1)))
                    .hasStackTraceContaining("record must have a timestamp for event-time windows:"
                            + " assigner=TumblingEventTimeWindows");
        }
    }

    @Test
    void aNullKey_failsNamingTheOperator() {
        try (TestDriver driver = TestDriver.create()) {
            TestSource<Event> in = driver.source("events", Event.class);
            driver.sink(in.stream().keyBy(e -> e.key() == 3 ? null : e.key())
                    .window(TumblingEventTimeWindows.of(Duration.ofMillis(5))).aggregate(new Sum()));
            driver.start();
            in.emit(new Event(1, 1), 1);
            assertThatThrownBy(() -> in.emit(new Event(3, 1), 2))
                    .hasStackTraceContaining("key must not be null: operator=Window(TumblingEventTimeWindows,"
                            + " EventTimeTrigger)");
        }
    }
}
