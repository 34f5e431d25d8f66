package dev.tidemark.eventtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tidemark.api.functions.Aggregations;
import dev.tidemark.testing.TestDriver;
import dev.tidemark.testing.TestSink;
import dev.tidemark.testing.TestSource;
import dev.tidemark.windowing.assigners.TumblingEventTimeWindows;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class BoundedOutOfOrdernessWatermarksTest {

    private final RecordingWatermarkOutput out = new RecordingWatermarkOutput();

    @Test
    void onPeriodicEmit_beforeAnyElement_emitsMinValue() {
        var generator = new BoundedOutOfOrdernessWatermarks<String>(Duration.ofMillis(3500));
        generator.onPeriodicEmit(out);
        assertThat(out.drain()).containsExactly(Long.MIN_VALUE);
    }

    @Test
    void onPeriodicEmit_afterElements_emitsMaxMinusBoundMinusOne() {
        var generator = new BoundedOutOfOrdernessWatermarks<String>(Duration.ofMillis(3500));
        generator.onEvent("a", 10_000, out);
        generator.onEvent("b", 12_000, out);
        generator.onEvent("late", 9_000, out);
        assertThat(out.drain()).as("nothing per element (fewer than 1,024)").isEmpty();
        generator.onPeriodicEmit(out);
        assertThat(out.drain()).containsExactly(12_000L - 3_500 - 1);
    }

    @Test
    void every1024Elements_theWatermarkSoFarIsEmitted_ifItAdvanced() {
        var generator = new BoundedOutOfOrdernessWatermarks<String>(Duration.ofMillis(10));
        for (int i = 1; i < BoundedOutOfOrdernessWatermarks.EMIT_EVERY; i++) {
            generator.onEvent("x", i, out);
        }
        assertThat(out.drain()).as("1,023 elements: nothing yet").isEmpty();
        generator.onEvent("x", 500, out); // out of order: the maximum is still 1,023
        assertThat(out.drain()).as("the 1,024th").containsExactly(1_023L - 10 - 1);
        for (int i = 0; i < BoundedOutOfOrdernessWatermarks.EMIT_EVERY; i++) {
            generator.onEvent("x", 7, out);
        }
        assertThat(out.drain()).as("no progress, nothing emitted").isEmpty();
        generator.onEvent("y", 5_000, out);
        generator.onPeriodicEmit(out);
        for (int i = 1; i < BoundedOutOfOrdernessWatermarks.EMIT_EVERY; i++) {
            generator.onEvent("x", 5_000, out);
        }
        assertThat(out.drain()).as("the periodic emission counts as the last one").containsExactly(5_000L - 10 - 1);
    }

    /** A backlog read faster than the periodic interval: windows fire, and free their state, as event time advances. */
    @Test
    void windowsFireAsEventTimeAdvances_withoutWaitingForThePeriodicEmission() {
        try (TestDriver driver = TestDriver.create()) {
            TestSource<Long> in = driver.source("numbers", Long.class);
            TestSink<Long> counts = driver.sink(in.stream()
                    .assignTimestampsAndWatermarks(WatermarkStrategy.<Long>forBoundedOutOfOrderness(Duration.ofMillis(10))
                            .withTimestampAssigner((n, previous) -> n))
                    .keyBy(n -> 0).window(TumblingEventTimeWindows.of(Duration.ofMillis(100)))
                    .aggregate(Aggregations.count()));
            driver.start();
            for (long n = 0; n < 2 * BoundedOutOfOrdernessWatermarks.EMIT_EVERY; n++) {
                in.emit(n);
            }
            assertThat(counts.records()).as("processing time never moved; the watermark reached 2,047 - 11")
                    .hasSize(20).containsOnly(100L);
        }
    }

    @Test
    void onEvent_duplicateAndBackwardTimestamps_doNotMoveWatermarkBack() {
        var generator = new BoundedOutOfOrdernessWatermarks<String>(Duration.ZERO);
        generator.onEvent("a", 5, out);
        generator.onEvent("a", 5, out);
        generator.onPeriodicEmit(out);
        generator.onEvent("b", 1, out);
        generator.onPeriodicEmit(out);
        assertThat(out.drain()).containsExactly(4L, 4L);
    }

    @Test
    void onEvent_extremeTimestamps_doNotOverflow() {
        var generator = new BoundedOutOfOrdernessWatermarks<String>(Duration.ofMillis(10));
        generator.onEvent("min", Long.MIN_VALUE, out);
        generator.onPeriodicEmit(out);
        generator.onEvent("max", Long.MAX_VALUE, out);
        generator.onPeriodicEmit(out);
        assertThat(out.drain()).containsExactly(Long.MIN_VALUE, Long.MAX_VALUE - 11);
    }

    @Test
    void constructor_hugeBound_staysAboveMinValue() {
        var generator = new BoundedOutOfOrdernessWatermarks<String>(Duration.ofMillis(Long.MAX_VALUE));
        generator.onPeriodicEmit(out);
        generator.onEvent("x", 0, out);
        generator.onPeriodicEmit(out);
        assertThat(out.drain()).containsExactly(Long.MIN_VALUE, Long.MIN_VALUE);
    }

    @Test
    void constructor_negativeOrOverflowingBound_isRejectedWithName() {
        assertThatThrownBy(() -> new BoundedOutOfOrdernessWatermarks<String>(Duration.ofMillis(-1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("maxOutOfOrderness must not be negative: maxOutOfOrderness=PT-0.001S");
        assertThatThrownBy(() -> new BoundedOutOfOrdernessWatermarks<String>(Duration.ofSeconds(Long.MAX_VALUE)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("maxOutOfOrderness must fit in a long of milliseconds");
    }
}
