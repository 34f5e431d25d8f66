package dev.tidemark.windowing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tidemark.api.KeyedStream;
import dev.tidemark.api.SingleOutputStreamOperator;
import dev.tidemark.checkpoint.JobSnapshot;
import dev.tidemark.testing.StreamEvent;
import dev.tidemark.testing.TestDriver;
import dev.tidemark.testing.TestSink;
import dev.tidemark.testing.TestSource;
import dev.tidemark.windowing.AlignedWindowsTest.SameAsEventTimeTrigger;
import dev.tidemark.windowing.assigners.SlidingEventTimeWindows;
import java.io.Serializable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;

/**
 * Sliding windows' {@code sum}, {@code min} and {@code max} of a field share panes without being
 * asked while every field is of a type whose aggregate does not depend on the order (integers; any
 * boxed primitive or string for min and max), and move to a reduce per window at the first field
 * that is not (a floating-point sum): results are always the reduce per window's, which keeps the
 * window's first element with the field replaced, as Flink's.
 */
class FieldAggregationPanesTest {

    /** {@code seq} tells which element a result kept; {@code value} is the aggregated field, of any type. */
    record Reading(int key, int seq, Object value) implements Serializable {}

    private static final SlidingEventTimeWindows TWELVE_BY_FOUR =
            SlidingEventTimeWindows.of(Duration.ofMillis(12), Duration.ofMillis(4));

    private enum Kind { SUM, MIN, MAX }

    private static SingleOutputStreamOperator<Reading> aggregate(KeyedStream<Reading, Integer> keyed, Kind kind,
            boolean reference) {
        var windowed = keyed.window(TWELVE_BY_FOUR);
        if (reference) {
            windowed.trigger(new SameAsEventTimeTrigger()); // the general operator, a reduce per window
        }
        return switch (kind) {
            case SUM -> windowed.sum("value");
            case MIN -> windowed.min("value");
            case MAX -> windowed.max("value");
        };
    }

    /** Reading {@code i}, of a key {@code random} picks. */
    @FunctionalInterface
    private interface Readings {
        Reading at(int i, Random random);
    }

    /** Of four keys, field {@code i} being {@code value.apply(i)}. */
    private static Readings ofFourKeys(IntFunction<Object> value) {
        return (i, random) -> new Reading(random.nextInt(4), i, value.apply(i));
    }

    /**
     * Integer fields of keys 0 and 1, then from reading {@code handOver} on also keys 2 and 3, with
     * doubles (a key's fields are of one type, or its reduce would fail).
     */
    private static Readings doublesFrom(int handOver) {
        return (i, random) -> {
            int key = random.nextInt(i < handOver ? 2 : 4);
            return new Reading(key, i, key < 2 ? (Object) (long) (i % 9) : (Object) (i * 0.25));
        };
    }

    /** Readings {@code from} to {@code to}, with disorder and watermarks. */
    private static void emitRandom(TestSource<Reading> in, Random random, int from, int to, Readings readings) {
        for (int i = from; i < to; i++) {
            long clock = i / 2;
            in.emit(readings.at(i, random), clock - random.nextInt(9));
            if (random.nextInt(7) == 0) {
                in.emitWatermark(clock - 10 - random.nextInt(5));
            }
        }
    }

    private static List<StreamEvent.Record<Reading>> run(Kind kind, boolean reference, long seed, Readings value) {
        return run(kind, reference, seed, value, 1);
    }

    private static List<StreamEvent.Record<Reading>> run(Kind kind, boolean reference, long seed, Readings value,
            int parallelism) {
        try (TestDriver driver = TestDriver.create()) {
            driver.env().setParallelism(parallelism);
            TestSource<Reading> in = driver.source("readings", Reading.class);
            TestSink<Reading> out = driver.sink(aggregate(in.stream().keyBy(Reading::key), kind, reference));
            driver.start();
            emitRandom(in, new Random(seed), 0, 400, value);
            in.finish();
            return out.timestampedRecords();
        }
    }

    private static void assertSameAsReference(Kind kind, String values, IntFunction<Object> value) {
        long seed = new Random().nextLong();
        List<StreamEvent.Record<Reading>> expected = run(kind, true, seed, ofFourKeys(value));
        assertThat(expected).as("the reference emits").hasSizeGreaterThan(100);
        assertThat(run(kind, false, seed, ofFourKeys(value))).as(kind + " of " + values + ", seed " + seed)
                .containsExactlyElementsOf(expected);
    }

    @Test
    void integers_onPanes_giveTheReducePerWindowsResults_inItsOrder() {
        assertSameAsReference(Kind.SUM, "ints", i -> i % 17 - 8);
        assertSameAsReference(Kind.SUM, "longs", i -> (long) i * 1_000_000_007L);
        assertSameAsReference(Kind.SUM, "shorts that wrap around", i -> (short) (i * 977));
        assertSameAsReference(Kind.MIN, "ints with ties", i -> i % 5);
        assertSameAsReference(Kind.MAX, "ints with ties", i -> i % 5);
    }

    @Test
    void minAndMax_ofAnyBoxedPrimitiveOrString_onPanes_giveTheReducePerWindowsResults() {
        assertSameAsReference(Kind.MIN, "strings", i -> "s" + (i * 31 % 50));
        assertSameAsReference(Kind.MAX, "doubles", i -> (i * 37 % 101) / 7.0);
        assertSameAsReference(Kind.MIN, "chars", i -> (char) ('a' + i * 13 % 26));
    }

    /** {@code windowAll}: one key, the same panes. */
    @Test
    void windowAll_sharesPanesAlike() {
        long seed = new Random().nextLong();
        List<List<StreamEvent.Record<Reading>>> outputs = new ArrayList<>();
        for (boolean reference : new boolean[] {true, false}) {
            try (TestDriver driver = TestDriver.create()) {
                TestSource<Reading> in = driver.source("readings", Reading.class);
                var windows = in.stream().windowAll(TWELVE_BY_FOUR);
                if (reference) {
                    windows.trigger(new SameAsEventTimeTrigger());
                }
                TestSink<Reading> out = driver.sink(windows.max("value"));
                driver.start();
                emitRandom(in, new Random(seed), 0, 400, ofFourKeys(i -> i * 7919 % 1000));
                in.finish();
                outputs.add(out.timestampedRecords());
            }
        }
        assertThat(outputs.get(0)).as("the reference emits").hasSizeGreaterThan(20); // about 50 windows, some late
        assertThat(outputs.get(1)).as("seed " + seed).containsExactlyElementsOf(outputs.get(0));
    }

    /** A floating-point sum depends on the order: per window, from the first element on. */
    @Test
    void aFloatingPointSum_isTheReducePerWindows() {
        assertSameAsReference(Kind.SUM, "doubles", i -> 0.1 * (i % 11) + 1e15 * (i % 3));
    }

    /**
     * Integers first, then doubles of other keys: the panes are handed over to windows when the first
     * double comes.
     * Keys of the windows open then may fire in another order (as after a restore), so each firing's
     * results are compared as a set.
     */
    @Test
    void theFirstFieldThatIsNotExact_handsThePanesOverToWindows_withTheSameResults() {
        for (int handOver : new int[] {0, 1, 150, 399}) {
            Readings value = doublesFrom(handOver);
            long seed = new Random().nextLong();
            List<StreamEvent.Record<Reading>> expected = run(Kind.SUM, true, seed, value);
            assertThat(byFiring(run(Kind.SUM, false, seed, value))).as("hand-over at " + handOver + ", seed " + seed)
                    .isEqualTo(byFiring(expected));
        }
    }

    /** Each of two instances hands over its own key groups' panes when its first double comes. */
    @Test
    void aHandOver_atParallelismTwo_keepsEveryInstancesPanes() {
        long seed = new Random().nextLong();
        assertThat(byFiring(run(Kind.SUM, false, seed, doublesFrom(150), 2))).as("seed " + seed)
                .isEqualTo(byFiring(run(Kind.SUM, true, seed, doublesFrom(150), 2)));
    }

    /** Records by firing time, and by their text within one firing. */
    private static List<String> byFiring(List<StreamEvent.Record<Reading>> records) {
        List<StreamEvent.Record<Reading>> sorted = new ArrayList<>(records);
        sorted.sort(Comparator.<StreamEvent.Record<Reading>>comparingLong(StreamEvent.Record::timestamp)
                .thenComparing(r -> r.value().toString()));
        return sorted.stream().map(r -> r.timestamp() + " " + r.value()).toList();
    }

    /**
     * A snapshot of panes restores into panes (the next arrivals come after the restored ones, so a
     * window keeps the element that came first), into a reduce per window (a trigger added), and one
     * taken after the hand-over, which holds windows, restores too.
     */
    @Test
    void snapshots_restoreIntoPanesAndIntoWindows_eitherWay() {
        for (int handOver : new int[] {400, 100, 250}) {
            Readings value = doublesFrom(handOver);
            long seed = new Random().nextLong();
            List<String> expected = byFiring(run(Kind.SUM, true, seed, value));
            for (boolean[] pair : new boolean[][] {{false, false}, {false, true}, {true, false}}) {
                List<StreamEvent.Record<Reading>> committed = new ArrayList<>();
                Random random = new Random(seed);
                JobSnapshot snapshot;
                try (TestDriver driver = TestDriver.create()) {
                    TestSource<Reading> in = driver.source("readings", Reading.class);
                    TestSink<Reading> out = driver.sink(aggregate(in.stream().keyBy(Reading::key), Kind.SUM, pair[0]));
                    driver.start();
                    emitRandom(in, random, 0, 200, value);
                    snapshot = driver.snapshot();
                    committed.addAll(out.timestampedRecords());
                }
                try (TestDriver driver = TestDriver.create()) {
                    TestSource<Reading> in = driver.source("readings", Reading.class);
                    TestSink<Reading> out = driver.sink(aggregate(in.stream().keyBy(Reading::key), Kind.SUM, pair[1]));
                    driver.start(snapshot);
                    emitRandom(in, random, 200, 400, value);
                    in.finish();
                    committed.addAll(out.timestampedRecords());
                }
                assertThat(byFiring(committed)).as("hand-over at " + handOver + ", reference before/after "
                        + pair[0] + "/" + pair[1] + ", seed " + seed).isEqualTo(expected);
            }
        }
    }

    /**
     * What the snapshot holds shows which layout ran: a program with a plain reduce restores windows,
     * and refuses panes rather than drop them.
     */
    @Test
    void integerSums_sharePanes_untilADoubleComes() {
        Function<Integer, JobSnapshot> snapshotAfter = handOver -> {
            try (TestDriver driver = TestDriver.create()) {
                TestSource<Reading> in = driver.source("readings", Reading.class);
                driver.sink(aggregate(in.stream().keyBy(Reading::key), Kind.SUM, false));
                driver.start();
                emitRandom(in, new Random(7), 0, 100, doublesFrom(handOver));
                return driver.snapshot();
            }
        };
        Function<JobSnapshot, List<Reading>> restoredIntoAPlainReduce = snapshot -> {
            try (TestDriver driver = TestDriver.create()) {
                TestSource<Reading> in = driver.source("readings", Reading.class);
                TestSink<Reading> out = driver.sink(in.stream().keyBy(Reading::key).window(TWELVE_BY_FOUR)
                        .reduce((a, b) -> a));
                driver.start(snapshot);
                in.finish();
                return out.records();
            }
        };
        assertThatThrownBy(() -> restoredIntoAPlainReduce.apply(snapshotAfter.apply(100)))
                .hasStackTraceContaining("the snapshot holds accumulators per pane");
        assertThat(restoredIntoAPlainReduce.apply(snapshotAfter.apply(60))).as("windows open at the snapshot fire")
                .isNotEmpty();
    }
}
