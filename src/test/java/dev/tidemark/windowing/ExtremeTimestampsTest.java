package dev.tidemark.windowing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tidemark.api.JobExecutionException;
import dev.tidemark.api.functions.Aggregations;
import dev.tidemark.api.functions.Collector;
import dev.tidemark.api.functions.ProcessWindowFunction;
import dev.tidemark.api.WindowedStream;
import dev.tidemark.testing.TestDriver;
import dev.tidemark.testing.TestSink;
import dev.tidemark.testing.TestSource;
import dev.tidemark.windowing.assigners.SlidingEventTimeWindows;
import dev.tidemark.windowing.assigners.TumblingEventTimeWindows;
import dev.tidemark.windowing.assigners.WindowAssigner;
import dev.tidemark.windowing.windows.TimeWindow;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Elements at the ends of the time line are placed in clipped windows (a start saturated at
 * {@code Long.MIN_VALUE}, an end at {@code Long.MAX_VALUE}) by every window operator, never dropped.
 */
class ExtremeTimestampsTest {

    private static final long MIN = Long.MIN_VALUE;

    /** "start..end=count" for each firing. */
    static final class Describe extends ProcessWindowFunction<Long, String, Integer, TimeWindow> {
        @Override
        public void process(Integer key, Context ctx, Iterable<Long> counts, Collector<String> out) {
            out.collect(ctx.window().start() + ".." + ctx.window().end() + "=" + counts.iterator().next());
        }
    }

    /** The same count through the general operator: a process function over the buffered elements. */
    static final class CountAll extends ProcessWindowFunction<Integer, String, Integer, TimeWindow> {
        @Override
        public void process(Integer key, Context ctx, Iterable<Integer> elements, Collector<String> out) {
            long n = 0;
            for (Integer ignored : elements) {
                n++;
            }
            out.collect(ctx.window().start() + ".." + ctx.window().end() + "=" + n);
        }
    }

    enum Path {
        GENERAL(w -> w.process(new CountAll())),
        ALIGNED(w -> w.aggregate(new AlignedWindowsTest.CountWithoutPromise<>(), new Describe())),
        PANES(w -> w.aggregate(Aggregations.<Integer>count(), new Describe()));

        final Function<WindowedStream<Integer, Integer, TimeWindow>, dev.tidemark.api.DataStream<String>> apply;

        Path(Function<WindowedStream<Integer, Integer, TimeWindow>, dev.tidemark.api.DataStream<String>> apply) {
            this.apply = apply;
        }
    }

    private static List<String> windows(Path path, WindowAssigner<Object, TimeWindow> assigner, long... timestamps) {
        try (TestDriver driver = TestDriver.create()) {
            TestSource<Integer> in = driver.source("in", Integer.class);
            TestSink<String> out = driver.sink(path.apply.apply(in.stream().keyBy(v -> v).window(assigner)));
            driver.start();
            for (long t : timestamps) {
                in.emit(1, t);
            }
            in.finish();
            assertThat(driver.metrics()).allSatisfy((name, value) -> {
                if (name.endsWith("numLateRecordsDropped")) {
                    assertThat(value).as(name).isZero();
                }
            });
            return out.records();
        }
    }

    @Test
    void tumbling_elementNextToLongMinValue_isPlacedInAClippedWindow() {
        for (Path path : Path.values()) {
            assertThat(windows(path, TumblingEventTimeWindows.of(Duration.ofSeconds(1)), MIN + 1, MIN + 900))
                    .as(path.name())
                    .containsExactly(MIN + ".." + (MIN + 808) + "=1", (MIN + 808) + ".." + (MIN + 1808) + "=1");
        }
    }

    @Test
    void sliding_elementNearLongMinValue_isPlacedInEveryClippedWindowThatHoldsIt() {
        for (Path path : List.of(Path.GENERAL, Path.ALIGNED)) {
            assertThat(windows(path, SlidingEventTimeWindows.of(Duration.ofSeconds(2), Duration.ofSeconds(1)),
                    MIN + 500, MIN + 1500)).as(path.name()).containsExactly(
                            MIN + ".." + (MIN + 808) + "=1",
                            MIN + ".." + (MIN + 1808) + "=2",
                            (MIN + 808) + ".." + (MIN + 2808) + "=1");
        }
    }

    @Test
    void sliding_withPanes_refusesAnElementWhoseWindowsStartBeforeTheTimeLine_namingTheOperator() {
        assertThatThrownBy(() -> windows(Path.PANES,
                SlidingEventTimeWindows.of(Duration.ofSeconds(2), Duration.ofSeconds(1)), MIN + 500))
                .isInstanceOf(JobExecutionException.class)
                .hasMessageContaining("Window")
                .rootCause().hasMessageContaining("timestamp=" + (MIN + 500));
    }

    @Test
    void elementsNextToLongMaxValue_arePlacedInWindowsClippedAtTheEnd() {
        for (Path path : List.of(Path.GENERAL, Path.ALIGNED)) {
            assertThat(windows(path, SlidingEventTimeWindows.of(Duration.ofSeconds(2), Duration.ofSeconds(1)),
                    Long.MAX_VALUE - 1)).as(path.name() + ": both fire at Long.MAX_VALUE - 1").containsExactlyInAnyOrder(
                            (Long.MAX_VALUE - 1807) + ".." + Long.MAX_VALUE + "=1",
                            (Long.MAX_VALUE - 807) + ".." + Long.MAX_VALUE + "=1");
        }
    }

    @Test
    void tumbling_ofLongMaxValueMillis_placesNegativeAndPositiveElements() {
        for (Path path : Path.values()) {
            assertThat(windows(path, TumblingEventTimeWindows.of(Duration.ofMillis(Long.MAX_VALUE)), -1000, 5))
                    .as(path.name()).containsExactly((MIN + 1) + "..0=1", "0.." + Long.MAX_VALUE + "=1");
        }
    }

    @Test
    void windowSizeThatOverflowsMillis_isRejectedAtTheCall_namingTheParameter() {
        assertThatThrownBy(() -> TumblingEventTimeWindows.of(Duration.ofSeconds(Long.MAX_VALUE)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("size");
        assertThatThrownBy(() -> SlidingEventTimeWindows.of(Duration.ofSeconds(1), Duration.ofDays(Long.MAX_VALUE / 86_400)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("slide");
    }
}
