package dev.tidemark.windowing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tidemark.api.DataStream;
import dev.tidemark.api.KeyedStream;
import dev.tidemark.api.OutputTag;
import dev.tidemark.api.SingleOutputStreamOperator;
import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.api.WindowedStream;
import dev.tidemark.api.functions.AggregateFunction;
import dev.tidemark.api.functions.Collector;
import dev.tidemark.api.functions.KeyedProcessFunction;
import dev.tidemark.api.functions.LongKeySelector;
import dev.tidemark.api.functions.ProcessWindowFunction;
import dev.tidemark.api.functions.RichFunction;
import dev.tidemark.api.functions.RuntimeContext;
import dev.tidemark.checkpoint.JobSnapshot;
import dev.tidemark.testing.TestDriver;
import dev.tidemark.testing.TestSink;
import dev.tidemark.testing.TestSource;
import dev.tidemark.windowing.assigners.EventTimeSessionWindows;
import dev.tidemark.windowing.assigners.SlidingEventTimeWindows;
import dev.tidemark.windowing.assigners.TumblingEventTimeWindows;
import dev.tidemark.windowing.assigners.WindowAssigner;
import dev.tidemark.windowing.windows.TimeWindow;
import java.io.Serializable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/**
 * A {@link LongKeySelector} keys a stream exactly as the boxing selector of the same keys does: the
 * same results in the same order (aligned windows, panes, sessions), the same parallel instance for
 * each key, and snapshots that either restores.
 */
class LongKeysTest {

    record Reading(long sensor, int value) implements Serializable {}

    static final OutputTag<Reading> LATE = OutputTag.of("late", Reading.class);

    /** How many readings a random comparison emits. */
    static final int READINGS = 600;

    /** For {@code assertSameOutput}: no sensor a mixed selector keys by a string. */
    static final int NO_OBJECT_KEYS = Integer.MAX_VALUE;

    /** Keys whose {@code Long.hashCode} collide (1, 2^32 and 2^32 + 1 ^ 1...), negatives and the extremes. */
    static final long[] KEYS = {0, 1, -1, 1L << 32, (1L << 32) | 1, 3, 3L << 32, Long.MIN_VALUE, Long.MAX_VALUE,
        -(1L << 32), 42, 1_000_000_007L};

    static final class Sum implements AggregateFunction<Reading, long[], Long> {
        @Override
        public long[] createAccumulator() {
            return new long[1];
        }

        @Override
        public long[] add(Reading r, long[] acc) {
            acc[0] += r.value();
            return acc;
        }

        @Override
        public Long getResult(long[] acc) {
            return acc[0];
        }

        @Override
        public long[] merge(long[] a, long[] b) {
            return new long[] {a[0] + b[0]};
        }
    }

    /** Key, window, result, and whether the key is the boxed {@code Long} users expect. */
    static final class Describe<K> extends ProcessWindowFunction<Long, String, K, TimeWindow> {
        @Override
        public void process(K key, Context ctx, Iterable<Long> sums, Collector<String> out) {
            List<Long> all = new ArrayList<>();
            sums.forEach(all::add);
            out.collect(key.getClass().getSimpleName() + " " + key + "|" + ctx.window() + "|" + all);
        }
    }

    private static KeyedStream<Reading, Long> byLong(TestSource<Reading> in) {
        return in.stream().keyBy(LongKeySelector.of(Reading::sensor));
    }

    private static KeyedStream<Reading, Long> boxed(TestSource<Reading> in) {
        return in.stream().keyBy(r -> r.sensor());
    }

    /** Odd sensors from 100 to 159 keyed by a {@code String}, every other by its {@code Long}: keys of two types. */
    private static KeyedStream<Reading, Object> mixed(TestSource<Reading> in) {
        return in.stream().keyBy(r -> r.sensor() >= 100 && r.sensor() < 160 && r.sensor() % 2 == 1
                ? (Object) ("sensor " + r.sensor()) : (Object) r.sensor());
    }

    private static <K> SingleOutputStreamOperator<String> sum(KeyedStream<Reading, K> keyed,
            WindowAssigner<Object, TimeWindow> assigner, long lateness, boolean reference) {
        WindowedStream<Reading, K, TimeWindow> windowed = keyed.window(assigner)
                .allowedLateness(Duration.ofMillis(lateness)).sideOutputLateData(LATE);
        if (reference) {
            windowed = windowed.trigger(new AlignedWindowsTest.SameAsEventTimeTrigger());
        }
        return windowed.aggregate(new Sum(), new Describe<>());
    }

    /** Random windows: tumbling, sliding (shared panes or not), or sessions; with or without lateness. */
    private record RandomWindows(WindowAssigner<Object, TimeWindow> assigner, long lateness, boolean panes) {

        static RandomWindows of(Random random, boolean sessionsToo) {
            long size = 3 + random.nextInt(30);
            long slide = random.nextBoolean() ? size : 1 + random.nextInt((int) size);
            WindowAssigner<Object, TimeWindow> assigner = sessionsToo && random.nextInt(3) == 0
                    ? EventTimeSessionWindows.withGap(Duration.ofMillis(1 + random.nextInt(12)))
                    : slide == size ? TumblingEventTimeWindows.of(Duration.ofMillis(size))
                    : SlidingEventTimeWindows.of(Duration.ofMillis(size), Duration.ofMillis(slide));
            long lateness = random.nextBoolean() ? 0 : random.nextInt(40);
            boolean panes = lateness == 0 && assigner instanceof SlidingEventTimeWindows && size % slide == 0
                    && random.nextBoolean();
            return new RandomWindows(assigner, lateness, panes);
        }

        /** These windows over {@code keyed}: on the general operator for the {@code reference}. */
        <K> SingleOutputStreamOperator<String> sum(KeyedStream<Reading, K> keyed, boolean reference) {
            return panes && !reference
                    ? keyed.window(assigner).sideOutputLateData(LATE).sharePanes().aggregate(new Sum(), new Describe<>())
                    : LongKeysTest.sum(keyed, assigner, lateness, reference);
        }
    }

    @Test
    void randomInputs_giveWhatTheGeneralOperatorGivesForBoxedKeys_inTheSameOrder() {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        for (int run = 0; run < 40; run++) {
            RandomWindows windows = RandomWindows.of(random, false);
            assertSameOutput(random, "seed=" + seed + " run=" + run + " " + windows, NO_OBJECT_KEYS,
                    in -> windows.sum(byLong(in), false), in -> windows.sum(boxed(in), true));
        }
    }

    /**
     * A selector that gives objects has its {@code Long} keys kept unboxed until a key of another
     * type comes; from then on every table keeps objects: the general operator's results, in order,
     * whether that key comes first, in the middle of open windows, or never (aligned windows, panes
     * and sessions).
     */
    @Test
    void keysOfTwoTypes_giveWhatTheGeneralOperatorGives_inTheSameOrder() {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        for (int run = 0; run < 40; run++) {
            RandomWindows windows = RandomWindows.of(random, true);
            int objectKeysFrom = random.nextInt(3) == 0 ? 0 : random.nextInt(READINGS + READINGS / 4);
            assertSameOutput(random, "seed=" + seed + " run=" + run + " " + windows + " objectKeysFrom=" + objectKeysFrom,
                    objectKeysFrom, in -> windows.sum(mixed(in), false), in -> windows.sum(mixed(in), true));
        }
    }

    /** Sessions keep long keys unboxed too: the general operator's sessions for the boxed keys, in order. */
    @Test
    void randomSessions_giveWhatTheGeneralOperatorGivesForBoxedKeys_inTheSameOrder() {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        for (int run = 0; run < 30; run++) {
            WindowAssigner<Object, TimeWindow> sessions =
                    EventTimeSessionWindows.withGap(Duration.ofMillis(1 + random.nextInt(12)));
            long lateness = random.nextBoolean() ? 0 : random.nextInt(30);
            String config = "seed=" + seed + " run=" + run + " assigner=" + sessions + " lateness=" + lateness;
            assertSameOutput(random, config, NO_OBJECT_KEYS, in -> sum(byLong(in), sessions, lateness, false),
                    in -> sum(boxed(in), sessions, lateness, true));
        }
    }

    /**
     * Runs random readings and watermarks through {@code tested} and {@code reference} side by side,
     * and checks that both emit the same results (with boxed {@code Long} keys) and late readings, in
     * the same order.
     */
    private static void assertSameOutput(Random random, String config, int objectKeysFrom,
            Function<TestSource<Reading>, SingleOutputStreamOperator<String>> tested,
            Function<TestSource<Reading>, SingleOutputStreamOperator<String>> reference) {
        try (TestDriver driver = TestDriver.create()) {
            TestSource<Reading> in = driver.source("readings", Reading.class);
            SingleOutputStreamOperator<String> testedStream = tested.apply(in);
            SingleOutputStreamOperator<String> referenceStream = reference.apply(in);
            TestSink<String> testedOut = driver.sink(testedStream);
            TestSink<String> referenceOut = driver.sink(referenceStream);
            TestSink<Reading> testedLate = driver.sink(testedStream.getSideOutput(LATE));
            TestSink<Reading> referenceLate = driver.sink(referenceStream.getSideOutput(LATE));
            driver.start();
            long clock = 0;
            for (int i = 0; i < READINGS; i++) {
                clock += random.nextInt(3);
                // more keys than a table starts with, so tables grow and re-index while they fill; odd
                // ones from 100 on only from objectKeysFrom on (a mixed selector keys them by strings)
                long key = random.nextInt(4) == 0 ? 100 + random.nextInt(30) * 2L + (i >= objectKeysFrom ? random.nextInt(2) : 0)
                        : KEYS[random.nextInt(KEYS.length)];
                in.emit(new Reading(key, 1 + random.nextInt(9)), clock - random.nextInt(30));
                if (random.nextInt(8) == 0) {
                    in.emitWatermark(clock - random.nextInt(40));
                }
            }
            in.finish();
            assertThat(referenceOut.records()).as(config).isNotEmpty()
                    .allMatch(s -> s.startsWith("Long ") || objectKeysFrom < READINGS && s.startsWith("String "));
            assertThat(testedOut.records()).as(config).containsExactlyElementsOf(referenceOut.records());
            assertThat(testedLate.records()).as(config).containsExactlyElementsOf(referenceLate.records());
        }
    }

    /** A savepoint taken with either selector restores with the other: state is keyed by the same {@code Long}s. */
    @Test
    void aSnapshot_restoresAcrossLongAndBoxedKeys() {
        Function<TestSource<Reading>, SingleOutputStreamOperator<String>> longs =
                in -> sum(byLong(in), SlidingEventTimeWindows.of(Duration.ofMillis(12), Duration.ofMillis(4)), 6, false);
        Function<TestSource<Reading>, SingleOutputStreamOperator<String>> general =
                in -> sum(boxed(in), SlidingEventTimeWindows.of(Duration.ofMillis(12), Duration.ofMillis(4)), 6, true);
        List<String> uninterrupted = runSwitchingAt(-1, general, general);
        Function<TestSource<Reading>, SingleOutputStreamOperator<String>> longSessions =
                in -> sum(byLong(in), EventTimeSessionWindows.withGap(Duration.ofMillis(3)), 6, false);
        Function<TestSource<Reading>, SingleOutputStreamOperator<String>> generalSessions =
                in -> sum(boxed(in), EventTimeSessionWindows.withGap(Duration.ofMillis(3)), 6, true);
        List<String> sessions = runSwitchingAt(-1, generalSessions, generalSessions);
        assertThat(runSwitchingAt(157, longSessions, generalSessions)).as("long-keyed sessions, then boxed")
                .isEqualTo(sessions);
        assertThat(runSwitchingAt(157, generalSessions, longSessions)).as("boxed sessions, then long-keyed")
                .isEqualTo(sessions);
        assertThat(uninterrupted).anyMatch(s -> s.contains("Long " + Long.MIN_VALUE + "|"));
        assertThat(runSwitchingAt(157, longs, general)).as("long keys, then boxed").isEqualTo(uninterrupted);
        assertThat(runSwitchingAt(157, general, longs)).as("boxed keys, then long").isEqualTo(uninterrupted);
        assertThat(runSwitchingAt(157, longs, longs)).as("long keys throughout").isEqualTo(uninterrupted);
    }

    /**
     * A window function that keeps state (per window and per key) under long keys, which a firing
     * makes current without boxing them: the state is the boxed keys', also across savepoints restored
     * with the other selector (tumbling and sliding windows, with lateness).
     */
    @Test
    void aWindowFunctionsState_underLongKeys_isTheBoxedKeysState_acrossSnapshots() {
        for (WindowAssigner<Object, TimeWindow> assigner : List.of(TumblingEventTimeWindows.of(Duration.ofMillis(10)),
                SlidingEventTimeWindows.of(Duration.ofMillis(12), Duration.ofMillis(4)))) {
            Function<TestSource<Reading>, SingleOutputStreamOperator<String>> longs =
                    in -> byLong(in).window(assigner).allowedLateness(Duration.ofMillis(6))
                            .aggregate(new Sum(), new AlignedWindowsTest.Track<>());
            Function<TestSource<Reading>, SingleOutputStreamOperator<String>> general =
                    in -> boxed(in).window(assigner).allowedLateness(Duration.ofMillis(6))
                            .trigger(new AlignedWindowsTest.SameAsEventTimeTrigger())
                            .aggregate(new Sum(), new AlignedWindowsTest.Track<>());
            List<String> uninterrupted = runSwitchingAt(-1, general, general);
            assertThat(uninterrupted).as(assigner + ": keys' windows cleared, counted in global state")
                    .anyMatch(s -> s.contains("|cleared 3|"));
            assertThat(runSwitchingAt(-1, longs, longs)).as(assigner + ", long keys").isEqualTo(uninterrupted);
            assertThat(runSwitchingAt(157, longs, general)).as(assigner + ", long keys, then boxed")
                    .isEqualTo(uninterrupted);
            assertThat(runSwitchingAt(157, general, longs)).as(assigner + ", boxed keys, then long")
                    .isEqualTo(uninterrupted);
        }
    }

    /** A savepoint whose keys are not all {@code Long}s cannot be restored by a {@code LongKeySelector}'s windows. */
    @Test
    void aSnapshotOfOtherKeys_isRefusedByLongKeys_namingTheOperatorAndTheKey() {
        for (WindowAssigner<Object, TimeWindow> assigner : List.of(TumblingEventTimeWindows.of(Duration.ofMillis(10)),
                EventTimeSessionWindows.withGap(Duration.ofMillis(3)))) {
            JobSnapshot snapshot;
            try (TestDriver driver = TestDriver.create()) {
                TestSource<Reading> in = driver.source("readings", Reading.class);
                driver.sink(sum(mixed(in), assigner, 0, false));
                driver.start();
                in.emit(new Reading(7, 1), 1);
                in.emit(new Reading(101, 1), 2); // keyed by the string "sensor 101"
                snapshot = driver.snapshot();
            }
            try (TestDriver driver = TestDriver.create()) {
                TestSource<Reading> in = driver.source("readings", Reading.class);
                driver.sink(sum(byLong(in), assigner, 0, false));
                assertThatThrownBy(() -> driver.start(snapshot)).as(assigner.toString())
                        .hasMessageContaining("Window(")
                        .hasStackTraceContaining("key sensor 101 (java.lang.String) is not a long");
            }
        }
    }

    /** The results, sorted: {@code first} runs to event {@code at} and snapshots (unless -1), {@code then} restores and runs on. */
    private static List<String> runSwitchingAt(int at,
            Function<TestSource<Reading>, SingleOutputStreamOperator<String>> first,
            Function<TestSource<Reading>, SingleOutputStreamOperator<String>> then) {
        List<String> committed = new ArrayList<>();
        JobSnapshot snapshot = null;
        if (at >= 0) {
            try (TestDriver driver = TestDriver.create()) {
                TestSource<Reading> in = driver.source("readings", Reading.class);
                TestSink<String> out = driver.sink(first.apply(in));
                driver.start();
                for (int i = 0; i <= at; i++) {
                    emitReading(in, i);
                }
                snapshot = driver.snapshot();
                committed.addAll(out.records());
            }
        }
        try (TestDriver driver = TestDriver.create()) {
            TestSource<Reading> in = driver.source("readings", Reading.class);
            TestSink<String> out = driver.sink(then.apply(in));
            if (snapshot != null) {
                driver.start(snapshot);
            } else {
                driver.start();
            }
            for (int i = at + 1; i < 300; i++) {
                emitReading(in, i);
            }
            in.finish();
            committed.addAll(out.records());
        }
        committed.sort(null);
        return committed;
    }

    private static void emitReading(TestSource<Reading> in, int i) {
        in.emit(new Reading(KEYS[i % KEYS.length], i % 7), i / 2 - (i * 7) % 9);
        if (i % 20 == 19) {
            in.emitWatermark(i / 2 - 3);
        }
    }

    /** Which parallel instance saw each key: the exchange routes long keys as it routes their boxes. */
    static final class WhereKeysGo extends KeyedProcessFunction<Long, Reading, String> implements RichFunction {
        private int subtask;

        @Override
        public void open(RuntimeContext context) {
            subtask = context.getIndexOfThisSubtask();
        }

        @Override
        public void processElement(Reading r, Context ctx, Collector<String> out) {
            out.collect(ctx.getCurrentKey() + "@" + subtask);
        }
    }

    @Test
    void theExchange_sendsEachLongKeyWhereItsBoxWouldGo() throws Exception {
        List<Reading> readings = LongStream.range(0, 400)
                .mapToObj(i -> new Reading(i % 5 == 0 ? KEYS[(int) (i % KEYS.length)] : i * 0x9E3779B97F4A7C15L, 1))
                .toList();
        assertThat(placement(readings, true)).isEqualTo(placement(readings, false))
                .as("both instances get keys").anyMatch(s -> s.endsWith("@0")).anyMatch(s -> s.endsWith("@1"));
    }

    private static List<String> placement(List<Reading> readings, boolean longKeys) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create().setParallelism(2);
        DataStream<Reading> stream = env.fromCollection(readings).rebalance();
        KeyedStream<Reading, Long> keyed = longKeys ? stream.keyBy(LongKeySelector.of(Reading::sensor))
                : stream.keyBy(r -> r.sensor());
        List<String> seen = new ArrayList<>(keyed.process(new WhereKeysGo()).executeAndCollect("placement"));
        seen.sort(null);
        return seen;
    }

    /** A selector that throws fails the job with its exception, naming where it ran: the exchange, or the window. */
    @Test
    void aFailingSelector_failsTheJob_namingTheExchangeOrTheOperator() {
        for (int parallelism : new int[] {1, 2}) {
            StreamExecutionEnvironment env = StreamExecutionEnvironment.create().setParallelism(parallelism);
            DataStream<Reading> readings = env.fromCollection(List.of(new Reading(1, 1), new Reading(-7, 1)))
                    .assignTimestampsAndWatermarks(dev.tidemark.eventtime.WatermarkStrategy
                            .<Reading>forMonotonousTimestamps().withTimestampAssigner((r, previous) -> 5));
            DataStream<Long> sums = readings.keyBy(LongKeySelector.of(LongKeysTest::sensorOrFail))
                    .window(TumblingEventTimeWindows.of(Duration.ofMillis(10)))
                    .aggregate(new Sum());
            String where = parallelism == 1 ? "Window(TumblingEventTimeWindows" : "KeyBy";
            assertThatThrownBy(() -> sums.executeAndCollect("failing selector")).as("parallelism " + parallelism)
                    .hasMessageContaining(where)
                    .rootCause().isInstanceOf(IllegalArgumentException.class).hasMessage("no sensor: -7");
        }
    }

    private static long sensorOrFail(Reading r) {
        if (r.sensor() < 0) {
            throw new IllegalArgumentException("no sensor: " + r.sensor());
        }
        return r.sensor();
    }
}
