package dev.tidemark.windowing;

import static dev.tidemark.windowing.AlignedWindowsTest.LATE;
import static dev.tidemark.windowing.AlignedWindowsTest.assertSameOutput;
import static dev.tidemark.windowing.AlignedWindowsTest.runSwitchingAt;
import static org.assertj.core.api.Assertions.assertThat;

import dev.tidemark.api.KeyedStream;
import dev.tidemark.api.SingleOutputStreamOperator;
import dev.tidemark.api.functions.AggregateFunction;
import dev.tidemark.testing.TestDriver;
import dev.tidemark.testing.TestSink;
import dev.tidemark.testing.TestSource;
import dev.tidemark.windowing.AlignedWindowsTest.Event;
import dev.tidemark.windowing.AlignedWindowsTest.SameAsEventTimeTrigger;
import dev.tidemark.windowing.AlignedWindowsTest.Track;
import dev.tidemark.windowing.assigners.SlidingEventTimeWindows;
import dev.tidemark.windowing.assigners.TumblingEventTimeWindows;
import dev.tidemark.windowing.assigners.WindowAssigner;
import dev.tidemark.windowing.windows.TimeWindow;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Tumbling and sliding windows keep the accumulators of an aggregate whose accumulators are {@code long[]} or
 * {@code double[]} flat, as their contents in the operator's own arrays: results, late output and
 * snapshots must be the general operator's (which keeps each accumulator as the object the
 * aggregate made) whatever the aggregate does with the arrays it is given and returns.
 */
class FlatAccumulatorsTest {

    private static final WindowAssigner<Object, TimeWindow> TWELVE_BY_4 =
            SlidingEventTimeWindows.of(Duration.ofMillis(12), Duration.ofMillis(4));
    private static final WindowAssigner<Object, TimeWindow> SEVENTY_BY_1 = // a ring of 128 cells: two words of bits a key
            SlidingEventTimeWindows.of(Duration.ofMillis(70), Duration.ofMillis(1));
    private static final WindowAssigner<Object, TimeWindow> TUMBLING_10 = // flat in each window's table
            TumblingEventTimeWindows.of(Duration.ofMillis(10), Duration.ofMillis(3));

    /** An aggregate of events for windows that do not merge: its {@code merge} is never called. */
    interface WithoutMerge<ACC, OUT> extends AggregateFunction<Event, ACC, OUT> {
        @Override
        default ACC merge(ACC a, ACC b) {
            throw new UnsupportedOperationException("not used by windows that do not merge");
        }
    }

    /** Digits of the values in arrival order, and their count: two longs changed in place. */
    static final class DigitsAndCount implements WithoutMerge<long[], String> {
        @Override
        public long[] createAccumulator() {
            return new long[2];
        }

        @Override
        public long[] add(Event e, long[] acc) {
            acc[0] = acc[0] * 10 + e.value() % 10;
            acc[1]++;
            return acc;
        }

        @Override
        public String getResult(long[] acc) {
            return acc[0] + "/" + acc[1];
        }
    }

    /** A new array from every add, from one shared empty array: nothing changed in place. */
    static final class Immutable implements WithoutMerge<long[], Long> {
        private static final long[] EMPTY = new long[1];

        @Override
        public long[] createAccumulator() {
            return EMPTY;
        }

        @Override
        public long[] add(Event e, long[] acc) {
            return new long[] {acc[0] * 10 + e.value() % 10};
        }

        @Override
        public Long getResult(long[] acc) {
            return acc[0];
        }
    }

    /** A mean in a {@code double[]} of sum and count, with fractions that only exact bits keep. */
    static final class Mean implements WithoutMerge<double[], Double> {
        @Override
        public double[] createAccumulator() {
            return new double[2];
        }

        @Override
        public double[] add(Event e, double[] acc) {
            acc[0] += e.value() / 3.0;
            acc[1]++;
            return acc;
        }

        @Override
        public Double getResult(double[] acc) {
            return acc[0] / acc[1];
        }
    }

    /**
     * A {@code long[1]} until a value of 7 comes, then a {@code long[2]} that also counts: the
     * operator must go back to keeping accumulators as objects, midway, without losing one.
     */
    static final class Widening implements WithoutMerge<long[], String> {
        @Override
        public long[] createAccumulator() {
            return new long[1];
        }

        @Override
        public long[] add(Event e, long[] acc) {
            if (acc.length == 1 && e.value() != 7) {
                acc[0] += e.value();
                return acc;
            }
            long count = acc.length == 1 ? 0 : acc[1];
            return new long[] {acc[0] + e.value(), count + 1};
        }

        @Override
        public String getResult(long[] acc) {
            return Arrays.toString(acc);
        }
    }

    @Test
    void accumulatorsChangedInPlace_newOnEveryAdd_ofDoubles_orWidenedMidway_giveTheGeneralOperatorsOutput() {
        long seed = System.nanoTime();
        List<Supplier<AggregateFunction<Event, ?, ?>>> aggregates =
                List.of(DigitsAndCount::new, Immutable::new, Mean::new, Widening::new);
        for (Supplier<AggregateFunction<Event, ?, ?>> aggregate : aggregates) {
            for (WindowAssigner<Object, TimeWindow> assigner : List.of(TWELVE_BY_4, SEVENTY_BY_1, TUMBLING_10)) {
                for (long lateness : new long[] {0, 9}) {
                    Random random = new Random(seed);
                    String config = "seed=" + seed + " " + aggregate.get().getClass().getSimpleName() + " " + assigner
                            + " lateness=" + lateness;
                    assertSameOutput(random, config, keyed -> windowed(keyed, assigner, lateness, false, aggregate.get()),
                            keyed -> windowed(keyed, assigner, lateness, true, aggregate.get()));
                }
            }
        }
    }

    /**
     * Hundreds of keys, each back every few milliseconds: each window's table and the key index grow
     * their flat arrays as keys come, and the index lays its rings out again as the span of open
     * windows grows.
     */
    @Test
    void manyKeys_growTheFlatArrays_andGiveTheGeneralOperatorsOutput() {
        for (Supplier<AggregateFunction<Event, ?, ?>> aggregate : List.<Supplier<AggregateFunction<Event, ?, ?>>>of(
                DigitsAndCount::new, Mean::new)) {
            for (WindowAssigner<Object, TimeWindow> assigner : List.of(TWELVE_BY_4, SEVENTY_BY_1, TUMBLING_10)) {
                String config = aggregate.get().getClass().getSimpleName() + " " + assigner;
                assertSameOutput(config, keyed -> windowed(keyed, assigner, 4, false, aggregate.get()),
                        keyed -> windowed(keyed, assigner, 4, true, aggregate.get()), in -> {
                            for (int i = 0; i < 6_000; i++) {
                                in.emit(new Event((int) (i * 7919L % 700), 1 + i % 9), i / 20 - i % 5);
                                if (i % 50 == 49) {
                                    in.emitWatermark(i / 20 - 8);
                                }
                            }
                        });
            }
        }
    }

    /**
     * Snapshots of flat accumulators hold what the general operator's would (each accumulator an
     * array of its own), and either operator restores the other's: also after the accumulators went
     * back to being objects.
     */
    @Test
    void snapshotsOfFlatAccumulators_restoreIntoEitherOperator() {
        for (Supplier<AggregateFunction<Event, ?, ?>> aggregate : List.<Supplier<AggregateFunction<Event, ?, ?>>>of(
                DigitsAndCount::new, Mean::new, Widening::new)) {
            for (WindowAssigner<Object, TimeWindow> assigner : List.of(TWELVE_BY_4, TUMBLING_10)) {
                Function<KeyedStream<Event, Integer>, SingleOutputStreamOperator<String>> aligned =
                        keyed -> windowed(keyed, assigner, 6, false, aggregate.get());
                Function<KeyedStream<Event, Integer>, SingleOutputStreamOperator<String>> general =
                        keyed -> windowed(keyed, assigner, 6, true, aggregate.get());
                String config = aggregate.get().getClass().getSimpleName() + " " + assigner;
                List<String> uninterrupted = runSwitchingAt(-1, general, general);
                assertThat(uninterrupted).as("late firings " + config).anyMatch(s -> s.contains("|fired 2|"));
                for (int at : new int[] {40, 157, 260}) {
                    assertThat(runSwitchingAt(at, aligned, aligned)).as(config + ", aligned at " + at)
                            .isEqualTo(uninterrupted);
                    assertThat(runSwitchingAt(at, aligned, general)).as(config + ", aligned, then general, at " + at)
                            .isEqualTo(uninterrupted);
                    assertThat(runSwitchingAt(at, general, aligned)).as(config + ", general, then aligned, at " + at)
                            .isEqualTo(uninterrupted);
                }
            }
        }
    }

    /**
     * An aggregate whose result is its accumulator hands each firing an array of its own: results
     * already emitted do not change as the operator goes on adding to other windows.
     */
    @Test
    void aResultThatIsTheAccumulator_isNotChangedByLaterAdds() {
        for (WindowAssigner<Object, TimeWindow> assigner : List.of(TWELVE_BY_4, TUMBLING_10)) {
            assertResultsUnchangedLater(assigner);
        }
    }

    private static void assertResultsUnchangedLater(WindowAssigner<Object, TimeWindow> assigner) {
        WithoutMerge<long[], long[]> sums = new WithoutMerge<>() {
            @Override
            public long[] createAccumulator() {
                return new long[1];
            }

            @Override
            public long[] add(Event e, long[] acc) {
                acc[0] += e.value();
                return acc;
            }

            @Override
            public long[] getResult(long[] acc) {
                return acc;
            }
        };
        try (TestDriver driver = TestDriver.create()) {
            TestSource<Event> in = driver.source("events", Event.class);
            KeyedStream<Event, Integer> keyed = in.stream().keyBy(Event::key);
            TestSink<long[]> aligned = driver.sink(keyed.window(assigner).aggregate(sums));
            TestSink<long[]> general = driver.sink(keyed.window(assigner).trigger(new SameAsEventTimeTrigger())
                    .aggregate(sums));
            driver.start();
            Random random = new Random(42);
            for (int i = 0; i < 2_000; i++) {
                in.emit(new Event(random.nextInt(20), 1 + random.nextInt(9)), i / 4);
                if (i % 50 == 49) {
                    in.emitWatermark(i / 4 - 2);
                }
            }
            in.finish();
            assertThat(aligned.records()).hasSizeGreaterThan(100);
            assertThat(aligned.records().stream().map(Arrays::toString).toList())
                    .containsExactlyElementsOf(general.records().stream().map(Arrays::toString).toList());
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static SingleOutputStreamOperator<String> windowed(KeyedStream<Event, Integer> keyed,
            WindowAssigner<Object, TimeWindow> assigner, long lateness, boolean reference,
            AggregateFunction<Event, ?, ?> aggregate) {
        var windowed = keyed.window(assigner).allowedLateness(Duration.ofMillis(lateness)).sideOutputLateData(LATE);
        if (reference) {
            windowed = windowed.trigger(new SameAsEventTimeTrigger());
        }
        return windowed.aggregate((AggregateFunction) aggregate, new Track<>());
    }
}
