package dev.tidemark.api;

import static dev.tidemark.testing.StreamEvent.record;
import static dev.tidemark.testing.StreamEvent.watermark;
import static org.assertj.core.api.Assertions.assertThat;

import dev.tidemark.api.functions.Aggregations;
import dev.tidemark.eventtime.WatermarkStrategy;
import dev.tidemark.testing.StreamEvent;
import dev.tidemark.testing.TestDriver;
import dev.tidemark.testing.TestSink;
import dev.tidemark.testing.TestSource;
import dev.tidemark.windowing.assigners.TumblingEventTimeWindows;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * How one source's splits (partitions) make the source's watermark: Flink's source rules, which
 * are not those of a task's input channels. Each scenario's output is what Flink 1.20's source
 * operator gives for it.
 */
class SourceWatermarkRulesTest {

    private static final Duration PERIOD = Duration.ofMillis(200);
    private final TestDriver driver = TestDriver.create();

    @AfterEach
    void close() {
        driver.close();
    }

    private TestSource<Long> source(WatermarkStrategy<Long> strategy) {
        return driver.source("topic", Long.class, 2, strategy.withTimestampAssigner((n, previous) -> n));
    }

    private static StreamEvent<Long> idle() {
        return new StreamEvent.Status<>(true);
    }

    private static StreamEvent<Long> active() {
        return new StreamEvent.Status<>(false);
    }

    @Test
    void splitsMovingInOnePeriodicEmission_areCombinedOnce() {
        TestSource<Long> in = source(WatermarkStrategy.forMonotonousTimestamps());
        TestSink<Long> out = driver.sink(in.stream());
        driver.start();
        in.partition(0).emit(5L);
        in.partition(1).emit(12L);
        driver.advanceProcessingTime(PERIOD); // splits at 4 and 11
        in.partition(0).emit(30L);
        in.partition(1).emit(25L);
        driver.advanceProcessingTime(PERIOD); // splits at 29 and 24 in one emission
        assertThat(out.watermarks()).containsExactly(4L, 24L);
    }

    @Test
    void splitAtItsEnd_isReleasedWithoutALastPeriodicEmission() {
        TestSource<Long> in = source(WatermarkStrategy.forMonotonousTimestamps());
        TestSink<Long> out = driver.sink(in.stream());
        driver.start();
        in.partition(0).emit(5L);
        in.partition(1).emit(20L);
        driver.advanceProcessingTime(PERIOD); // splits at 4 and 19
        in.partition(0).emit(12L);
        in.partition(0).finish();
        assertThat(out.watermarks()).containsExactly(4L, 19L);
        in.partition(1).finish();
        assertThat(out.watermarks()).containsExactly(4L, 19L, Long.MAX_VALUE);
    }

    @Test
    void everySplitIdle_theSourceIsIdle_withoutPassingOnTheLargestSplitWatermark() {
        TestSource<Long> in = source(WatermarkStrategy.<Long>forMonotonousTimestamps().withIdleness(Duration.ofMillis(300)));
        TestSink<Long> out = driver.sink(in.stream());
        driver.start();
        in.partition(0).emit(5L);
        in.partition(1).emit(50L);
        driver.advanceProcessingTime(PERIOD); // splits at 4 and 49
        driver.advanceProcessingTime(Duration.ofMillis(800)); // both idle
        assertThat(out.events()).containsExactly(record(5L, 5), record(50L, 50), watermark(4), idle());
    }

    @Test
    void splitBackFromIdleness_belowTheSourceWatermark_holdsItBackAtOnce_andActiveComesWithAHigherWatermark() {
        TestSource<Long> in = source(WatermarkStrategy.<Long>forMonotonousTimestamps().withIdleness(Duration.ofMillis(300)));
        TestSink<Long> out = driver.sink(in.stream());
        driver.start();
        in.partition(0).emit(10L);
        in.partition(1).emit(100L);
        driver.advanceProcessingTime(PERIOD); // 9 and 99: the source at 9
        for (int i = 0; i < 4; i++) {
            in.partition(1).emit(100L + i);
            driver.advanceProcessingTime(PERIOD); // split 0 goes idle: the source follows split 1
        }
        assertThat(out.watermarks()).containsExactly(9L, 101L, 102L);
        out.clear();
        in.partition(0).emit(20L); // split 0 is back, at 19 after the next emission
        in.partition(1).emit(200L);
        driver.advanceProcessingTime(PERIOD);
        assertThat(out.watermarks()).as("19 holds the source at 102; 199 does not move it").isEmpty();
        in.partition(0).emit(150L);
        driver.advanceProcessingTime(PERIOD);
        assertThat(out.watermarks()).containsExactly(149L);
    }

    @Test
    void idlenessAfterTheEnd_isNotReported_asFlinkMarksAnInputIdleOnceUntilItsNextElement() {
        TestSource<Long> in = driver.source("topic", Long.class, 1, WatermarkStrategy.<Long>forMonotonousTimestamps()
                .withTimestampAssigner((n, previous) -> n).withIdleness(Duration.ofMillis(100)));
        TestSink<Long> out = driver.sink(in.stream().keyBy(n -> 0)
                .window(TumblingEventTimeWindows.of(Duration.ofMillis(10))).aggregate(Aggregations.<Long>count()));
        driver.start();
        in.partition(0).emit(3L);
        in.partition(0).finish();
        driver.advanceProcessingTime(Duration.ofSeconds(2));
        assertThat(out.events()).containsExactly(record(1L, 9), watermark(Long.MAX_VALUE));
    }

    @Test
    void aPartitionWhoseOwnClockRunsAhead_turnsIdleBeforeTheOthers() {
        TestSource<Long> in = source(WatermarkStrategy.<Long>forMonotonousTimestamps().withIdleness(Duration.ofSeconds(1)));
        TestSink<Long> out = driver.sink(in.stream());
        driver.start();
        in.partition(0).emit(10L);
        in.partition(1).emit(50L);
        driver.advanceProcessingTime(PERIOD); // 9 and 49: the source at 9
        driver.advanceProcessingTime(PERIOD); // both silent since 400 by their clocks
        in.partition(0).advanceClock(Duration.ofSeconds(2));
        driver.advanceProcessingTime(PERIOD); // partition 0 reads 2,600: idle; partition 1 reads 600: not yet
        assertThat(out.watermarks()).containsExactly(9L, 49L);
        assertThat(out.events()).noneMatch(e -> e instanceof StreamEvent.Status<Long> status && status.idle());
    }
}
