package dev.tidemark.windowing;

import static dev.tidemark.testing.StreamEvent.record;
import static dev.tidemark.testing.StreamEvent.watermark;
import static org.assertj.core.api.Assertions.assertThat;

import dev.tidemark.api.EndOfInput;
import dev.tidemark.api.OutputTag;
import dev.tidemark.api.SingleOutputStreamOperator;
import dev.tidemark.testing.TestDriver;
import dev.tidemark.testing.TestSink;
import dev.tidemark.testing.TestSource;
import dev.tidemark.windowing.assigners.TumblingEventTimeWindows;
import java.io.Serializable;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Tumbling event-time windows and Flink's lateness rules, as stories. */
class TumblingWindowScenarioTest {

    record Sale(String shop, int amount) implements Serializable {}

    static final OutputTag<Sale> LATE = OutputTag.of("late", Sale.class);

    private final TestDriver driver = TestDriver.create();
    private final TestSource<Sale> in = driver.source("sales", Sale.class);

    @AfterEach
    void close() {
        driver.close();
    }

    private SingleOutputStreamOperator<Integer> sumPerShop(Duration size, Duration lateness, boolean sideOutput) {
        var windowed = in.stream().keyBy(Sale::shop).window(TumblingEventTimeWindows.of(size)).allowedLateness(lateness);
        if (sideOutput) {
            windowed.sideOutputLateData(LATE);
        }
        return windowed.reduce((a, b) -> new Sale(a.shop(), a.amount() + b.amount())).map(Sale::amount);
    }

    @Test
    void window_firesWhenWatermarkReachesMaxTimestamp_resultsPrecedeTheWatermark() {
        TestSink<Integer> out = driver.sink(sumPerShop(Duration.ofMillis(10), Duration.ZERO, false));
        driver.start();
        in.emit(new Sale("a", 1), 0).emit(new Sale("b", 2), 3).emit(new Sale("a", 4), 9).emit(new Sale("a", 8), 10);
        in.emitWatermark(8);
        in.emitWatermark(9);
        in.emitWatermark(25);
        assertThat(out.events()).containsExactly(
                watermark(8),
                record(5, 9), record(2, 9), watermark(9),
                record(8, 19), watermark(25));
    }

    @Test
    void zeroLateness_lateElementIsDroppedAndCounted_neverFiresTheWindowAgain() {
        TestSink<Integer> out = driver.sink(sumPerShop(Duration.ofMillis(10), Duration.ZERO, false));
        driver.start();
        in.emit(new Sale("a", 1), 5).emitWatermark(9);
        in.emit(new Sale("a", 100), 7).emit(new Sale("a", 100), 9);
        in.emit(new Sale("a", 2), 10);
        in.finish();
        assertThat(out.records()).containsExactly(1, 2);
        assertThat(driver.metrics()).containsEntry(
                "Window(TumblingEventTimeWindows, EventTimeTrigger).numLateRecordsDropped", 2L);
    }

    @Test
    void sideOutputLateData_receivesLateElementsWithTheirTimestamps_uncounted() {
        SingleOutputStreamOperator<Sale> sums = in.stream().keyBy(Sale::shop)
                .window(TumblingEventTimeWindows.of(Duration.ofMillis(10)))
                .sideOutputLateData(LATE)
                .reduce((a, b) -> new Sale(a.shop(), a.amount() + b.amount()));
        TestSink<Sale> out = driver.sink(sums);
        TestSink<Sale> late = driver.sink(sums.getSideOutput(LATE));
        driver.start();
        in.emit(new Sale("a", 1), 5).emitWatermark(9).emit(new Sale("a", 100), 7);
        in.finish();
        assertThat(out.records()).containsExactly(new Sale("a", 1));
        assertThat(late.timestampedRecords()).extracting(r -> r.value().amount() + "@" + r.timestamp())
                .containsExactly("100@7");
        assertThat(driver.metrics()).containsEntry(
                "Window(TumblingEventTimeWindows, EventTimeTrigger).numLateRecordsDropped", 0L);
    }

    @Test
    void allowedLateness_issueExample_lateElementWithinLatenessFiresAtOnce_thenCleanupDropsState() {
        TestSink<Integer> out = driver.sink(sumPerShop(Duration.ofSeconds(30), Duration.ofSeconds(10), true));
        driver.start();
        in.emit(new Sale("a", 1), 1573441905000L);
        in.emitWatermark(1573441920000L); // window [..890000, ..920000) fires: maxTimestamp ..919999
        in.emitWatermark(1573441924000L);
        in.emit(new Sale("a", 10), 1573441910000L); // within lateness: fires again at once, without purging
        in.emit(new Sale("a", 100), 1573441911000L);
        in.emitWatermark(1573441929999L); // cleanup time ..919999 + 10000: state is dropped, nothing emitted
        in.emit(new Sale("a", 1000), 1573441915000L); // late now
        in.finish();
        assertThat(out.timestampedRecords()).extracting(r -> r.value() + "@" + r.timestamp()).containsExactly(
                "1@1573441919999", "11@1573441919999", "111@1573441919999");
    }

    @Test
    void keepLastWatermark_lastWindowHasNotFiredAtTheEnd() {
        driver.env().getConfig().setEndOfInput(EndOfInput.KEEP_LAST_WATERMARK);
        TestSink<Integer> out = driver.sink(sumPerShop(Duration.ofMillis(10), Duration.ZERO, false));
        driver.start();
        in.emit(new Sale("a", 1), 5).emit(new Sale("a", 2), 15).emitWatermark(12);
        in.finish();
        assertThat(out.records()).as("window [10,20) is still open").containsExactly(1);
    }

    @Test
    void calendarDays_inAZone_acrossTheSpringForwardDay() {
        var daily = in.stream().keyBy(Sale::shop)
                .window(dev.tidemark.windowing.assigners.CalendarWindows.days(java.time.ZoneId.of("Europe/Berlin")))
                .reduce((a, b) -> new Sale(a.shop(), a.amount() + b.amount()));
        TestSink<Sale> out = driver.sink(daily);
        driver.start();
        long march31 = java.time.Instant.parse("2024-03-30T23:00:00Z").toEpochMilli(); // local midnight, +01:00
        long april1 = java.time.Instant.parse("2024-03-31T22:00:00Z").toEpochMilli(); // local midnight, +02:00
        in.emit(new Sale("a", 1), march31).emit(new Sale("a", 2), april1 - 1).emit(new Sale("a", 4), april1);
        in.emitWatermark(april1 - 1);
        assertThat(out.timestampedRecords()).extracting(r -> r.value().amount() + "@" + r.timestamp())
                .as("a 23-hour day fires at its last millisecond").containsExactly("3@" + (april1 - 1));
    }

    @Test
    void negativeTimestampsAndOffsets_landInTheRightWindows() {
        var windowed = in.stream().keyBy(Sale::shop)
                .window(TumblingEventTimeWindows.of(Duration.ofMillis(10), Duration.ofMillis(3)))
                .reduce((a, b) -> new Sale(a.shop(), a.amount() + b.amount()));
        TestSink<Sale> out = driver.sink(windowed);
        driver.start();
        in.emit(new Sale("a", 1), -8).emit(new Sale("a", 2), -7).emit(new Sale("a", 4), 2).emit(new Sale("a", 8), 3);
        in.finish();
        // windows [-17,-7), [-7,3), [3,13)
        assertThat(out.timestampedRecords()).extracting(r -> r.value().amount() + "@" + r.timestamp())
                .containsExactly("1@-8", "6@2", "8@12");
    }
}
