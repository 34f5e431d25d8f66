package dev.tidemark.windowing;

import static dev.tidemark.windowing.AlignedWindowsTest.LATE;
import static dev.tidemark.windowing.AlignedWindowsTest.assertSameOutput;
import static dev.tidemark.windowing.AlignedWindowsTest.runSwitchingAt;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tidemark.api.KeyedStream;
import dev.tidemark.api.SingleOutputStreamOperator;
import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.api.functions.AggregateFunction;
import dev.tidemark.api.functions.Aggregations;
import dev.tidemark.api.graph.PipelineNode;
import dev.tidemark.windowing.AlignedWindowsTest.Event;
import dev.tidemark.windowing.AlignedWindowsTest.SameAsEventTimeTrigger;
import dev.tidemark.windowing.AlignedWindowsTest.Track;
import dev.tidemark.windowing.assigners.SlidingEventTimeWindows;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The ready-made aggregations: what each computes, and that sliding windows aggregated by one share
 * panes without being asked and still give the general operator's results, in its order.
 */
class BuiltInAggregationsTest {

    private static final Map<String, AggregateFunction<Event, long[], ?>> BUILT_INS = Map.of(
            "count", Aggregations.count(),
            "sum", Aggregations.sum(Event::value),
            "min", Aggregations.min(Event::value),
            "max", Aggregations.max(Event::value),
            "average", Aggregations.average(Event::value));

    private static <R> R resultOf(AggregateFunction<Long, long[], R> function, long... values) {
        long[] accumulator = function.createAccumulator();
        for (long value : values) {
            accumulator = function.add(value, accumulator);
        }
        return function.getResult(accumulator);
    }

    @Test
    void eachComputesItsResult_andNothingFromNoElements() {
        assertThat(resultOf(Aggregations.count(), 4, -2, 9)).isEqualTo(3L);
        assertThat(resultOf(Aggregations.sum(v -> v), 4, -2, 9)).isEqualTo(11L);
        assertThat(resultOf(Aggregations.sum(v -> v), Long.MAX_VALUE, 1)).as("wraps as long addition").isEqualTo(Long.MIN_VALUE);
        assertThat(resultOf(Aggregations.min(v -> v), 4, -2, 9)).isEqualTo(-2L);
        assertThat(resultOf(Aggregations.max(v -> v), 4, -2, 9)).isEqualTo(9L);
        assertThat(resultOf(Aggregations.min(v -> v), Long.MAX_VALUE)).isEqualTo(Long.MAX_VALUE);
        assertThat(resultOf(Aggregations.max(v -> v), Long.MIN_VALUE)).isEqualTo(Long.MIN_VALUE);
        assertThat(resultOf(Aggregations.average(v -> v), 1, 2)).isEqualTo(1.5);
        assertThat(resultOf(Aggregations.count())).isZero();
        assertThat(resultOf(Aggregations.sum(v -> v))).isZero();
        assertThat(resultOf(Aggregations.min(v -> v))).isNull();
        assertThat(resultOf(Aggregations.max(v -> v))).isNull();
        assertThat(resultOf(Aggregations.average(v -> v))).isNull();
        assertThatThrownBy(() -> Aggregations.sum(null)).hasMessage("field must not be null");
    }

    /** Merging two accumulators gives what adding both inputs' elements does, and leaves the second as it was. */
    @Test
    void merging_givesWhatAddingOneByOneGives_andLeavesTheSecondAccumulator() {
        Random random = new Random(7);
        for (AggregateFunction<Long, long[], ?> function : List.of(Aggregations.<Long>count(), Aggregations.<Long>sum(v -> v),
                Aggregations.<Long>min(v -> v), Aggregations.<Long>max(v -> v), Aggregations.<Long>average(v -> v))) {
            assertThat(function.mergesExactly()).isTrue();
            for (int run = 0; run < 200; run++) {
                long[] a = function.createAccumulator();
                long[] b = function.createAccumulator();
                long[] all = function.createAccumulator();
                for (int i = random.nextInt(4); i > 0; i--) {
                    long value = random.nextLong() >> random.nextInt(64);
                    a = function.add(value, a);
                    all = function.add(value, all);
                }
                for (int i = random.nextInt(4); i > 0; i--) {
                    long value = random.nextLong() >> random.nextInt(64);
                    b = function.add(value, b);
                    all = function.add(value, all);
                }
                long[] bBefore = b.clone();
                assertThat(function.getResult(function.merge(a, b))).isEqualTo(function.getResult(all));
                assertThat(b).isEqualTo(bBefore);
            }
        }
    }

    @Test
    void slidingWindows_sharePanesWithoutBeingAsked_andGiveTheGeneralOperatorsResults() {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        for (Map.Entry<String, AggregateFunction<Event, long[], ?>> builtIn : BUILT_INS.entrySet()) {
            AggregateFunction<Event, long[], ?> function = builtIn.getValue();
            for (int run = 0; run < 8; run++) {
                long slide = 1 + random.nextInt(8);
                long size = slide * (2 + random.nextInt(6));
                var assigner = SlidingEventTimeWindows.of(Duration.ofMillis(size), Duration.ofMillis(slide));
                String config = "seed=" + seed + " " + builtIn.getKey() + " run=" + run + " size=" + size + " slide=" + slide;
                assertSameOutput(random, config,
                        keyed -> keyed.window(assigner).sideOutputLateData(LATE).aggregate(function, new Track<>()),
                        keyed -> keyed.window(assigner).sideOutputLateData(LATE).trigger(new SameAsEventTimeTrigger())
                                .aggregate(function, new Track<>()));
            }
            StreamExecutionEnvironment env = StreamExecutionEnvironment.create();
            env.fromElements(new Event(1, 2)).keyBy(Event::key)
                    .window(SlidingEventTimeWindows.of(Duration.ofMillis(10), Duration.ofMillis(2)))
                    .aggregate(function).print();
            assertThat(env.getPipelineGraph().nodes()).extracting(PipelineNode::name).as(builtIn.getKey())
                    .anyMatch(name -> name.startsWith("PanedWindow"));
        }
    }

    /**
     * From 20 windows per element on, the built-in aggregations keep their accumulators per window,
     * flat, rather than on panes (faster there): the general operator's results, and a savepoint of
     * panes (taken with {@code sharePanes()}, as an earlier build chose for them) restores into them.
     */
    @Test
    void manyWindowsPerElement_keepFlatAccumulatorsPerWindow_andRestorePanes() {
        var twentyBy1 = SlidingEventTimeWindows.of(Duration.ofMillis(20), Duration.ofMillis(1));
        var tenBy1 = SlidingEventTimeWindows.of(Duration.ofMillis(10), Duration.ofMillis(1));
        for (Map.Entry<String, AggregateFunction<Event, long[], ?>> builtIn : BUILT_INS.entrySet()) {
            AggregateFunction<Event, long[], ?> function = builtIn.getValue();
            assertThat(operatorNames(twentyBy1, function)).as(builtIn.getKey())
                    .anyMatch(name -> name.startsWith("Window(")).noneMatch(name -> name.startsWith("PanedWindow"));
            assertThat(operatorNames(tenBy1, function)).as(builtIn.getKey())
                    .anyMatch(name -> name.startsWith("PanedWindow"));
            assertSameOutput(new Random(7), builtIn.getKey(),
                    keyed -> keyed.window(twentyBy1).sideOutputLateData(LATE).aggregate(function, new Track<>()),
                    keyed -> keyed.window(twentyBy1).sideOutputLateData(LATE).trigger(new SameAsEventTimeTrigger())
                            .aggregate(function, new Track<>()));
            Function<KeyedStream<Event, Integer>, SingleOutputStreamOperator<String>> panes =
                    keyed -> keyed.window(twentyBy1).sharePanes().aggregate(function, new Track<>());
            Function<KeyedStream<Event, Integer>, SingleOutputStreamOperator<String>> perWindow =
                    keyed -> keyed.window(twentyBy1).aggregate(function, new Track<>());
            assertThat(runSwitchingAt(157, panes, perWindow)).as(builtIn.getKey() + ", panes into windows")
                    .isEqualTo(runSwitchingAt(-1, perWindow, perWindow));
        }
    }

    private static List<String> operatorNames(SlidingEventTimeWindows assigner, AggregateFunction<Event, long[], ?> function) {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create();
        env.fromElements(new Event(1, 2)).keyBy(Event::key).window(assigner).aggregate(function).print();
        return env.getPipelineGraph().nodes().stream().map(PipelineNode::name).toList();
    }
}
