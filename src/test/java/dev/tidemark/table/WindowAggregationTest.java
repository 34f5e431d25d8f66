package dev.tidemark.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tidemark.testing.StreamEvent;
import dev.tidemark.testing.TestDriver;
import dev.tidemark.testing.TestSink;
import dev.tidemark.testing.TestSource;
import java.io.Serializable;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Statements S4 to S9 of the design notes through the test driver: window aggregations over
 * TUMBLE, HOP, CUMULATE and SESSION emit one final row per key and window, stamped with the window's last
 * millisecond, which is {@code window_time}, a rowtime a second window can use.
 */
class WindowAggregationTest {

    public record Sale(LocalDateTime ts, String item, int qty) implements Serializable {}

    private final TestDriver driver = TestDriver.create();
    private final TestSource<Sale> sales = driver.source("sales", Sale.class);
    private final StreamTableEnvironment tEnv = StreamTableEnvironment.create(driver.env());

    WindowAggregationTest() {
        tEnv.createTemporaryView("sales", sales.stream(), Schema.newBuilder()
                .watermark("ts", "ts - INTERVAL '1' SECOND").build());
    }

    static long at(String time) {
        return LocalDateTime.parse("2024-05-01T" + time).toInstant(ZoneOffset.UTC).toEpochMilli();
    }

    private void sell(String time, String item, int qty) {
        sales.emit(new Sale(LocalDateTime.parse("2024-05-01T" + time), item, qty));
    }

    @Test
    void s4_tumble_oneFinalRowPerKeyAndWindow_atTheWindowsLastMillisecond() {
        Table totals = tEnv.sqlQuery("SELECT window_start, window_end, item, SUM(qty) AS total, COUNT(*) AS sales"
                + " FROM TABLE(TUMBLE(TABLE sales, DESCRIPTOR(ts), INTERVAL '10' MINUTES))"
                + " GROUP BY window_start, window_end, item");
        assertThat(totals.getColumns()).hasToString("[window_start TIMESTAMP(3) NOT NULL, window_end TIMESTAMP(3) NOT"
                + " NULL, item STRING, total INT, sales BIGINT NOT NULL]");
        TestSink<Row> out = driver.sink(tEnv.toDataStream(totals));
        driver.start();
        sell("12:01:00", "shoe", 2);
        sell("12:04:00", "hat", 3);
        sell("12:07:00", "shoe", 4);
        sell("12:12:00", "shoe", 1);
        driver.advanceProcessingTime(Duration.ofMillis(200)); // watermark 12:11:59
        assertThat(TimedRows.of(out)).containsExactly(
                "12:09:59.999: +I[2024-05-01T12:00, 2024-05-01T12:10, shoe, 6, 2]",
                "12:09:59.999: +I[2024-05-01T12:00, 2024-05-01T12:10, hat, 3, 1]");
        sell("12:05:00", "hat", 9); // behind the watermark and its window fired: late, dropped and counted
        sales.finish();
        assertThat(TimedRows.of(out)).hasSize(3).last()
                .isEqualTo("12:19:59.999: +I[2024-05-01T12:10, 2024-05-01T12:20, shoe, 1, 1]");
        assertThat(driver.metrics()).containsEntry("WindowAggregate.numLateRecordsDropped", 1L);
    }

    /** A window's result as a record: its fields named as the query's columns, in another order. */
    public record Total(String item, Integer total, long sales, LocalDateTime window_start) implements Serializable {}

    @Test
    void toDataStreamOfAClass_makesARecordPerRow_byColumnName() {
        Table totals = tEnv.sqlQuery("SELECT window_start, item, SUM(qty) AS total, COUNT(*) AS sales, window_time FROM"
                + " TABLE(TUMBLE(TABLE sales, DESCRIPTOR(ts), INTERVAL '10' MINUTES)) GROUP BY window_start, window_end,"
                + " window_time, item");
        assertThatThrownBy(() -> tEnv.toDataStream(totals, Total.class)).hasMessage("toDataStream: the columns"
                + " [window_start, item, total, sales, window_time] and the fields of Total [item, total, sales,"
                + " window_start] must have the same names");
        Table typed = tEnv.sqlQuery("SELECT window_start, item, SUM(qty) AS total, COUNT(*) AS sales FROM"
                + " TABLE(TUMBLE(TABLE sales, DESCRIPTOR(ts), INTERVAL '10' MINUTES)) GROUP BY window_start, window_end,"
                + " item");
        assertThatThrownBy(() -> tEnv.toDataStream(tEnv.sqlQuery("SELECT item, qty AS total, qty AS sales, ts AS"
                + " window_start FROM sales"), Total.class)).hasMessage("toDataStream: column 'sales' is INT, and field"
                + " 'sales' of Total takes BIGINT; CAST the column or change the field");
        TestSink<Total> out = driver.sink(tEnv.toDataStream(typed, Total.class));
        driver.start();
        sell("12:01:00", "shoe", 2);
        sell("12:07:00", "shoe", 4);
        sales.finish();
        assertThat(out.timestampedRecords()).singleElement().satisfies(r -> {
            assertThat(r.value()).isEqualTo(new Total("shoe", 6, 2, LocalDateTime.parse("2024-05-01T12:00")));
            assertThat(r.timestamp()).isEqualTo(at("12:09:59.999"));
        });
    }

    @Test
    void aNullGroupingValue_isAGroupOfItsOwn() {
        TestSink<Row> out = driver.sink(tEnv.toDataStream(tEnv.sqlQuery("SELECT item, COUNT(*) AS n FROM"
                + " TABLE(TUMBLE(TABLE sales, DESCRIPTOR(ts), INTERVAL '1' HOUR)) GROUP BY window_start, window_end, item")));
        driver.start();
        sales.emit(new Sale(LocalDateTime.parse("2024-05-01T12:00:00"), null, 1));
        sell("12:01:00", "shoe", 1);
        sales.emit(new Sale(LocalDateTime.parse("2024-05-01T12:02:00"), null, 1));
        sales.finish();
        assertThat(TimedRows.of(out)).containsExactly("12:59:59.999: +I[null, 2]", "12:59:59.999: +I[shoe, 1]");
    }

    @Test
    void s5_hop_placesARowInEveryWindowItBelongsTo_slideFirst() {
        TestSink<Row> out = driver.sink(tEnv.toDataStream(tEnv.sqlQuery("SELECT window_start, COUNT(*) AS n, MAX(qty)"
                + " AS most, AVG(qty) AS mean FROM TABLE(HOP(TABLE sales, DESCRIPTOR(ts), INTERVAL '5' MINUTES,"
                + " INTERVAL '10' MINUTES)) GROUP BY window_start, window_end")));
        driver.start();
        sell("12:01:00", "shoe", 2);
        sell("12:06:00", "hat", 5);
        sales.finish();
        assertThat(TimedRows.of(out)).containsExactly(
                "12:04:59.999: +I[2024-05-01T11:55, 1, 2, 2]",
                "12:09:59.999: +I[2024-05-01T12:00, 2, 5, 3]",
                "12:14:59.999: +I[2024-05-01T12:05, 1, 5, 5]");
    }

    @Test
    void s6_cumulate_growsEachPeriodsWindowByAStep_andFiresEachAtItsEnd() {
        TestSink<Row> out = driver.sink(tEnv.toDataStream(tEnv.sqlQuery("SELECT window_start, window_end,"
                + " SUM(qty) AS total FROM TABLE(CUMULATE(TABLE sales, DESCRIPTOR(ts), INTERVAL '2' MINUTES,"
                + " INTERVAL '6' MINUTES)) GROUP BY window_start, window_end")));
        driver.start();
        sell("12:00:30", "shoe", 1);
        sell("12:03:00", "hat", 2);
        sell("12:05:59", "shoe", 4);
        sell("12:06:00", "hat", 8); // the next period
        driver.advanceProcessingTime(Duration.ofMillis(200)); // watermark 12:04:59
        assertThat(TimedRows.of(out)).containsExactly(
                "12:01:59.999: +I[2024-05-01T12:00, 2024-05-01T12:02, 1]",
                "12:03:59.999: +I[2024-05-01T12:00, 2024-05-01T12:04, 3]");
        sales.finish();
        assertThat(TimedRows.of(out)).containsExactly(
                "12:01:59.999: +I[2024-05-01T12:00, 2024-05-01T12:02, 1]",
                "12:03:59.999: +I[2024-05-01T12:00, 2024-05-01T12:04, 3]",
                "12:05:59.999: +I[2024-05-01T12:00, 2024-05-01T12:06, 7]",
                "12:07:59.999: +I[2024-05-01T12:06, 2024-05-01T12:08, 8]",
                "12:09:59.999: +I[2024-05-01T12:06, 2024-05-01T12:10, 8]",
                "12:11:59.999: +I[2024-05-01T12:06, 2024-05-01T12:12, 8]");
    }

    @Test
    void aWhereOverAWindowFunction_filtersRowsBeforeTheyAreWindowed() {
        TestSink<Row> out = driver.sink(tEnv.toDataStream(tEnv.sqlQuery("SELECT window_start, COUNT(*) AS n FROM"
                + " TABLE(TUMBLE(TABLE sales, DESCRIPTOR(ts), INTERVAL '10' MINUTES)) WHERE qty > 1 AND item <> 'hat'"
                + " GROUP BY window_start, window_end")));
        driver.start();
        sell("12:01:00", "shoe", 2);
        sell("12:02:00", "shoe", 1);
        sell("12:03:00", "hat", 5);
        sell("12:04:00", "bag", 3);
        sales.finish();
        assertThat(TimedRows.of(out)).containsExactly("12:09:59.999: +I[2024-05-01T12:00, 2]");
    }

    @Test
    void windowsOverAProctimeColumn_fireOnTheProcessingTimeClock() {
        tEnv.createTemporaryView("timed", sales.stream(), Schema.newBuilder().columnByExpression("pt", "PROCTIME()")
                .build());
        Table perSecond = tEnv.sqlQuery("SELECT window_start, window_time, COUNT(*) AS n FROM TABLE(TUMBLE(TABLE timed,"
                + " DESCRIPTOR(pt), INTERVAL '1' SECOND)) GROUP BY window_start, window_end, window_time");
        assertThat(perSecond.getColumns()).hasToString("[window_start TIMESTAMP(3) NOT NULL, window_time"
                + " TIMESTAMP_LTZ(3) NOT NULL *PROCTIME*, n BIGINT NOT NULL]");
        TestSink<Row> out = driver.sink(tEnv.toDataStream(perSecond));
        driver.start();
        long start = driver.currentProcessingTime();
        sell("12:00:00", "shoe", 1); // the rows' own times do not matter: they are counted by when they come
        sell("08:00:00", "hat", 1);
        driver.advanceProcessingTime(Duration.ofMillis(1000 - start % 1000));
        sell("09:00:00", "bag", 1);
        driver.advanceProcessingTime(Duration.ofSeconds(1));
        java.time.Instant first = java.time.Instant.ofEpochMilli(start - start % 1000);
        java.time.LocalDateTime firstStart = java.time.LocalDateTime.ofInstant(first, ZoneOffset.UTC);
        assertThat(out.records()).map(Row::toString).containsExactly(
                "+I[" + firstStart + ", " + first.plusMillis(999) + ", 2]",
                "+I[" + firstStart.plusSeconds(1) + ", " + first.plusMillis(1999) + ", 1]");
    }

    @Test
    void cumulateOverAProctimeColumn_firesEachStepOnTheProcessingTimeClock() {
        tEnv.createTemporaryView("timed", sales.stream(), Schema.newBuilder().columnByExpression("pt", "PROCTIME()")
                .build());
        TestSink<Row> out = driver.sink(tEnv.toDataStream(tEnv.sqlQuery("SELECT window_end, SUM(qty) AS total FROM"
                + " TABLE(CUMULATE(TABLE timed, DESCRIPTOR(pt), INTERVAL '1' SECOND, INTERVAL '2' SECOND))"
                + " GROUP BY window_start, window_end")));
        driver.start();
        long start = driver.currentProcessingTime();
        long period = start - Math.floorMod(start, 2000);
        driver.advanceProcessingTimeTo(period + 2000); // the start of a period
        sell("12:00:00", "shoe", 1);
        driver.advanceProcessingTime(Duration.ofMillis(1000)); // the first step fires
        sell("08:00:00", "hat", 2);
        driver.advanceProcessingTime(Duration.ofMillis(1000)); // the whole period fires
        java.time.LocalDateTime periodStart = java.time.LocalDateTime.ofEpochSecond((period + 2000) / 1000, 0,
                ZoneOffset.UTC);
        assertThat(out.records()).map(Row::toString).containsExactly("+I[" + periodStart.plusSeconds(1) + ", 1]",
                "+I[" + periodStart.plusSeconds(2) + ", 3]");
    }

    @Test
    void distinctAggregates_seeEachValueOnce_alsoAcrossMergedSessions() {
        TestSink<Row> out = driver.sink(tEnv.toDataStream(tEnv.sqlQuery("SELECT COUNT(DISTINCT item) AS items,"
                + " SUM(DISTINCT qty) AS quantities, COUNT(*) AS n FROM TABLE(SESSION(TABLE sales, DESCRIPTOR(ts),"
                + " INTERVAL '5' MINUTES)) GROUP BY window_start, window_end")));
        driver.start();
        sell("12:00:00", "shoe", 2);
        sell("12:08:00", "hat", 2); // a session of its own until 12:04 bridges the gap
        sell("12:04:00", "shoe", 3);
        sales.finish();
        assertThat(out.records()).map(Row::toString).containsExactly("+I[2, 5, 3]");
    }

    @Test
    void expressionsOverAggregatesAndHaving_areComputedOnEachWindowsRow() {
        Table t = tEnv.sqlQuery("SELECT item, SUM(qty) * 10 AS tens, CAST(AVG(qty) AS DOUBLE) / 2 AS half_mean,"
                + " window_end - INTERVAL '1' MINUTE AS last_minute FROM TABLE(TUMBLE(TABLE sales, DESCRIPTOR(ts),"
                + " INTERVAL '10' MINUTES)) GROUP BY window_start, window_end, item HAVING COUNT(*) > 1 OR item = 'bag'");
        assertThat(t.getColumns()).hasToString("[item STRING, tens INT, half_mean DOUBLE, last_minute TIMESTAMP(3) NOT"
                + " NULL]");
        TestSink<Row> out = driver.sink(tEnv.toDataStream(t));
        driver.start();
        sell("12:01:00", "shoe", 2);
        sell("12:02:00", "hat", 3);
        sell("12:03:00", "shoe", 5);
        sell("12:04:00", "bag", 1);
        sales.finish();
        assertThat(TimedRows.of(out)).containsExactly(
                "12:09:59.999: +I[shoe, 70, 1.5, 2024-05-01T12:09]",
                "12:09:59.999: +I[bag, 10, 0.5, 2024-05-01T12:09]");
        assertThatThrownBy(() -> tEnv.sqlQuery("SELECT qty + 1 FROM TABLE(TUMBLE(TABLE sales, DESCRIPTOR(ts), INTERVAL"
                + " '10' MINUTES)) GROUP BY window_start, window_end"))
                .hasMessage("line 1, column 8: column 'qty' is neither grouped nor aggregated; add it to GROUP BY or"
                        + " aggregate it");
    }

    @Test
    void s7_sessionsPerPartition_mergeWhenARowBridgesTheGap() {
        TestSink<Row> out = driver.sink(tEnv.toDataStream(tEnv.sqlQuery("SELECT item, window_start, window_end,"
                + " COUNT(*) AS n FROM TABLE(SESSION(TABLE sales PARTITION BY item, DESCRIPTOR(ts), INTERVAL '5'"
                + " MINUTES)) GROUP BY item, window_start, window_end")));
        driver.start();
        sell("12:00:00", "shoe", 1);
        sell("12:08:00", "shoe", 1); // a session of its own, until 12:04 bridges the gap
        sell("12:01:00", "hat", 1);
        sell("12:04:00", "shoe", 1);
        sell("12:20:00", "shoe", 1);
        sales.finish();
        assertThat(TimedRows.of(out)).containsExactlyInAnyOrder(
                "12:05:59.999: +I[hat, 2024-05-01T12:01, 2024-05-01T12:06, 1]",
                "12:12:59.999: +I[shoe, 2024-05-01T12:00, 2024-05-01T12:13, 3]",
                "12:24:59.999: +I[shoe, 2024-05-01T12:20, 2024-05-01T12:25, 1]");
    }

    @Test
    void s8_windowTimeIsARowtime_soASecondWindowCascades() {
        tEnv.createTemporaryView("per_minute", tEnv.sqlQuery("SELECT window_time, item, SUM(qty) AS total FROM"
                + " TABLE(TUMBLE(TABLE sales, DESCRIPTOR(ts), INTERVAL '1' MINUTE))"
                + " GROUP BY window_start, window_end, window_time, item"));
        Table hourly = tEnv.sqlQuery("SELECT window_start, SUM(total) AS total FROM TABLE(TUMBLE(TABLE per_minute,"
                + " DESCRIPTOR(window_time), INTERVAL '1' HOUR)) GROUP BY window_start, window_end");
        TestSink<Row> out = driver.sink(tEnv.toDataStream(hourly));
        driver.start();
        sell("12:01:10", "shoe", 2);
        sell("12:01:20", "hat", 3);
        sell("12:59:59", "shoe", 4);
        sell("13:00:00", "shoe", 1);
        sales.finish();
        assertThat(TimedRows.of(out)).containsExactly("12:59:59.999: +I[2024-05-01T12:00, 9]",
                "13:59:59.999: +I[2024-05-01T13:00, 1]");
    }

    @Test
    void s9_legacyGroupWindows_areTheWindowTableFunctions_startAndEndPlain_rowtimeARowtime() {
        Table t = tEnv.sqlQuery("SELECT item, TUMBLE_START(ts, INTERVAL '1' HOUR) AS ws, TUMBLE_END(ts, INTERVAL '1'"
                + " HOUR) AS we, TUMBLE_ROWTIME(ts, INTERVAL '1' HOUR) AS wt, COUNT(*) AS n FROM sales"
                + " GROUP BY TUMBLE(ts, INTERVAL '1' HOUR), item");
        assertThat(t.getColumns()).hasToString("[item STRING, ws TIMESTAMP(3) NOT NULL, we TIMESTAMP(3) NOT NULL,"
                + " wt TIMESTAMP(3) NOT NULL *ROWTIME*, n BIGINT NOT NULL]");
        TestSink<Row> out = driver.sink(tEnv.toDataStream(t));
        driver.start();
        sell("12:10:00", "shoe", 1);
        sell("12:50:00", "shoe", 1);
        sell("13:05:00", "hat", 1);
        sales.finish();
        assertThat(TimedRows.of(out)).containsExactly(
                "12:59:59.999: +I[shoe, 2024-05-01T12:00, 2024-05-01T13:00, 2024-05-01T12:59:59.999, 2]",
                "13:59:59.999: +I[hat, 2024-05-01T13:00, 2024-05-01T14:00, 2024-05-01T13:59:59.999, 1]");
    }

    @Test
    void aWindowOverATimestampComputedFromTheRowtime_saysWhereTheAttributeWasLost() {
        tEnv.createTemporaryView("shifted", tEnv.sqlQuery("SELECT item, ts + INTERVAL '1' MINUTE AS t FROM sales"));
        assertThatThrownBy(() -> tEnv.sqlQuery("SELECT window_start, COUNT(*)\nFROM TABLE(TUMBLE(TABLE shifted,"
                + " DESCRIPTOR(t), INTERVAL '1' HOUR))\nGROUP BY window_start, window_end"))
                .isInstanceOf(SqlException.class)
                .hasMessage("line 2, column 34: TUMBLE: column 't' is TIMESTAMP(3), not a time attribute. It was derived"
                        + " from rowtime 'sales.ts' by the expression at line 1, column 17 ('ts + INTERVAL '1' MINUTE')."
                        + " Use 'sales.ts' itself (a window's OFFSET shifts its boundaries), or CAST it AS TIMESTAMP(3)"
                        + " where a plain value is meant.");
    }

    @Test
    void windowQueriesThatCannotBePlanned_sayWhy() {
        assertThatThrownBy(() -> tEnv.sqlQuery("SELECT item, COUNT(*) FROM TABLE(TUMBLE(TABLE sales, DESCRIPTOR(ts),"
                + " INTERVAL '1' HOUR)) GROUP BY item"))
                .hasMessage("line 1, column 1: a query over TUMBLE(..) must GROUP BY window_start, window_end");
        assertThatThrownBy(() -> tEnv.sqlQuery("SELECT item, COUNT(*) FROM TABLE(TUMBLE(TABLE sales, DESCRIPTOR(ts),"
                + " INTERVAL '1' HOUR)) GROUP BY window_start, window_end"))
                .hasMessage("line 1, column 8: column 'item' is neither grouped nor aggregated; add it to GROUP BY or"
                        + " aggregate it");
        assertThatThrownBy(() -> tEnv.sqlQuery("SELECT window_start FROM TABLE(TUMBLE(TABLE sales, DESCRIPTOR(item),"
                + " INTERVAL '1' HOUR)) GROUP BY window_start, window_end"))
                .hasMessageStartingWith("line 1, column 52: TUMBLE: column 'item' is STRING, not a time attribute.");
        assertThatThrownBy(() -> tEnv.sqlQuery("SELECT window_start FROM TABLE(TUMBLE(TABLE sales, DESCRIPTOR(ts),"
                + " INTERVAL '0' HOUR)) GROUP BY window_start, window_end"))
                .hasMessage("line 1, column 68: TUMBLE needs its SIZE as a positive INTERVAL, such as INTERVAL '10'"
                        + " MINUTES");
        assertThatThrownBy(() -> tEnv.sqlQuery("SELECT window_start FROM TABLE(CUMULATE(TABLE sales, DESCRIPTOR(ts),"
                + " INTERVAL '2' MINUTES, INTERVAL '5' MINUTES)) GROUP BY window_start, window_end"))
                .hasMessage("line 1, column 92: CUMULATE needs its SIZE to be a multiple of its STEP: step=120000ms,"
                        + " size=300000ms");
        assertThatThrownBy(() -> tEnv.sqlQuery("SELECT window_start FROM TABLE(FOLD(TABLE sales, DESCRIPTOR(ts),"
                + " INTERVAL '2' MINUTES)) GROUP BY window_start, window_end"))
                .hasMessage("line 1, column 26: FOLD is not a window table function; the window table functions are"
                        + " TUMBLE, HOP, CUMULATE and SESSION");
    }
}
