package dev.tidemark.windowing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tidemark.api.KeyedStream;
import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.api.functions.Aggregations;
import dev.tidemark.testing.TestDriver;
import dev.tidemark.testing.TestSource;
import dev.tidemark.windowing.assigners.SlidingEventTimeWindows;
import dev.tidemark.windowing.assigners.TumblingEventTimeWindows;
import dev.tidemark.windowing.triggers.CountTrigger;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * {@code sharePanes()}: refused where panes would change results, suggested where they could apply
 * (its results and restore: {@link AlignedWindowsTest}).
 */
class SharedPanesTest {

    private static KeyedStream<Integer, Integer> keyed() {
        return StreamExecutionEnvironment.create().fromElements(1, 2, 3).keyBy(i -> i % 2);
    }

    private static SlidingEventTimeWindows tenBySlide(long slideMillis) {
        return SlidingEventTimeWindows.of(Duration.ofMillis(10), Duration.ofMillis(slideMillis));
    }

    @Test
    void refused_whereResultsWouldDiffer_sayingWhy() {
        assertThatThrownBy(() -> keyed().window(tenBySlide(3)).sharePanes().aggregate(Aggregations.count()))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("sharePanes() cannot apply: the window size must be a multiple of the slide");
        assertThatThrownBy(() -> keyed().window(tenBySlide(2)).allowedLateness(Duration.ofMillis(5)).sharePanes()
                .aggregate(Aggregations.count()))
                .hasMessageContaining("there must be no allowed lateness, not 5ms");
        assertThatThrownBy(() -> keyed().window(tenBySlide(2)).trigger(CountTrigger.of(3)).sharePanes()
                .aggregate(Aggregations.count()))
                .hasMessageContaining("the trigger must be the default, not CountTrigger");
        assertThatThrownBy(() -> keyed().window(tenBySlide(2)).sharePanes().reduce(Integer::sum))
                .hasMessageContaining("the window function must be given with aggregate(...)");
        assertThatThrownBy(() -> keyed().window(TumblingEventTimeWindows.of(Duration.ofMillis(10))).sharePanes()
                .aggregate(Aggregations.count()))
                .hasMessageContaining("the assigner must be SlidingEventTimeWindows, not TumblingEventTimeWindows");
    }

    /**
     * Building sliding windows of many slides on a user's aggregate that could share panes says how
     * (in the log, once per operator); neither the library's own aggregates nor a few windows per
     * element nor windows that cannot share panes do.
     */
    @Test
    void panesThatCouldApply_areSuggested_whenTheBuildLeavesThemOut() {
        var count = new AlignedWindowsTest.CountWithoutPromise<Integer>(); // a user's count: merge right, not said
        assertThat(logOf(() -> keyed().window(tenBySlide(2)).aggregate(count)))
                .contains(count.getClass().getName()).contains("5 windows").contains("mergesExactly()")
                .contains("sharePanes()");
        assertThat(logOf(() -> keyed().window(tenBySlide(2)).aggregate(Aggregations.count()))).doesNotContain("windows");
        assertThat(logOf(() -> keyed().window(tenBySlide(5)).aggregate(count))).as("two per element")
                .doesNotContain("windows");
        assertThat(logOf(() -> keyed().window(tenBySlide(2)).allowedLateness(Duration.ofMillis(5)).aggregate(count)))
                .as("no panes with lateness").doesNotContain("windows");
    }

    /** What the library logs while {@code build} runs. */
    private static String logOf(Runnable build) {
        PrintStream err = System.err;
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        System.setErr(new PrintStream(log, true, StandardCharsets.UTF_8));
        try {
            build.run();
        } finally {
            System.setErr(err);
        }
        return log.toString(StandardCharsets.UTF_8);
    }

    @Test
    void anElementWithoutTimestamp_isRefusedAsWithoutPanes() {
        try (TestDriver driver = TestDriver.create()) {
            TestSource<Integer> in = driver.source("keys", Integer.class);
            driver.sink(in.stream().keyBy(k -> k).window(tenBySlide(2)).sharePanes().aggregate(Aggregations.count()));
            driver.start();
            assertThatThrownBy(() -> in.emit(1))
                    .hasStackTraceContaining("record must have a timestamp for event-time windows:"
                            + " assigner=SlidingEventTimeWindows");
        }
    }
}
