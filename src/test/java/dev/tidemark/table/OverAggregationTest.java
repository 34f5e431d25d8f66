package dev.tidemark.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tidemark.testing.TestDriver;
import dev.tidemark.testing.TestSink;
import dev.tidemark.testing.TestSource;
import java.io.Serializable;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Statement S12 of the design notes through the test driver: an OVER aggregate emits every row
 * once the watermark reaches it, in time order, with the aggregate over its frame; rows of the
 * same time are peers and get the same values in a RANGE frame; late rows are dropped and counted.
 */
class OverAggregationTest {

    public record Sale(LocalDateTime ts, String item, int qty) implements Serializable {}

    private final TestDriver driver = TestDriver.create();
    private final TestSource<Sale> sales = driver.source("sales", Sale.class);
    private final StreamTableEnvironment tEnv = StreamTableEnvironment.create(driver.env());

    OverAggregationTest() {
        tEnv.createTemporaryView("sales", sales.stream(), Schema.newBuilder()
                .watermark("ts", "ts - INTERVAL '1' SECOND").build());
    }

    @AfterEach
    void close() {
        driver.close();
    }

    private void sell(String time, String item, int qty) {
        sales.emit(new Sale(LocalDateTime.parse("2024-05-01T" + time), item, qty));
    }

    @Test
    void s12_rangeOver_emitsEachRowInTimeOrder_withTheSumOfItsLastHour() {
        Table t = tEnv.sqlQuery("SELECT item, ts, SUM(qty) OVER (PARTITION BY item ORDER BY ts RANGE BETWEEN INTERVAL"
                + " '1' HOUR PRECEDING AND CURRENT ROW) AS last_hour FROM sales");
        assertThat(t.getColumns()).hasToString("[item STRING, ts TIMESTAMP(3) *ROWTIME*, last_hour INT]");
        TestSink<Row> out = driver.sink(tEnv.toDataStream(t));
        driver.start();
        sell("12:30:00", "shoe", 2);
        sell("12:00:00", "shoe", 1); // out of order, but not late
        sell("12:40:00", "hat", 5);
        sell("12:30:00", "shoe", 4); // a peer of the first row
        sell("13:00:00", "shoe", 8); // 12:00 is exactly an hour before: in its frame
        driver.advanceProcessingTime(Duration.ofMillis(200)); // watermark 12:59:59
        assertThat(TimedRows.of(out)).containsExactly(
                "12:00:00.000: +I[shoe, 2024-05-01T12:00, 1]",
                "12:30:00.000: +I[shoe, 2024-05-01T12:30, 7]",
                "12:30:00.000: +I[shoe, 2024-05-01T12:30, 7]",
                "12:40:00.000: +I[hat, 2024-05-01T12:40, 5]");
        sell("12:10:00", "shoe", 100); // the watermark has passed it: late
        sell("13:31:00", "shoe", 16);
        sales.finish();
        assertThat(TimedRows.of(out)).hasSize(6).endsWith(
                "13:00:00.000: +I[shoe, 2024-05-01T13:00, 15]",
                "13:31:00.000: +I[shoe, 2024-05-01T13:31, 24]");
        assertThat(driver.metrics()).containsEntry("OverAggregate.numLateRecordsDropped", 1L);
    }

    @Test
    void rowsOver_andTheDefaultFrame_countRowsNotTime() {
        TestSink<Row> out = driver.sink(tEnv.toDataStream(tEnv.sqlQuery("SELECT qty, SUM(qty) OVER (ORDER BY ts ROWS"
                + " BETWEEN 1 PRECEDING AND CURRENT ROW) AS pair, COUNT(*) OVER (ORDER BY ts ROWS BETWEEN 1 PRECEDING"
                + " AND CURRENT ROW) AS n, ts FROM sales WHERE qty > 0")));
        TestSink<Row> running = driver.sink(tEnv.toDataStream(tEnv.sqlQuery("SELECT qty, MAX(qty) OVER (PARTITION BY"
                + " item ORDER BY ts) FROM sales")));
        driver.start();
        sell("12:00:00", "shoe", 3);
        sell("12:01:00", "shoe", 0); // filtered out before the window
        sell("12:02:00", "shoe", 5);
        sell("12:02:00", "shoe", 1);
        sell("12:03:00", "shoe", 2);
        sales.finish();
        assertThat(out.records()).map(Row::toString).containsExactly("+I[3, 3, 1, 2024-05-01T12:00]",
                "+I[5, 8, 2, 2024-05-01T12:02]", "+I[1, 6, 2, 2024-05-01T12:02]", "+I[2, 3, 2, 2024-05-01T12:03]");
        assertThat(running.records()).map(Row::toString).containsExactly("+I[3, 3]", "+I[0, 3]", "+I[5, 5]",
                "+I[1, 5]", "+I[2, 5]");
    }

    @Test
    void overQueriesThatCannotBePlanned_sayWhy() {
        assertThatThrownBy(() -> tEnv.sqlQuery("SELECT SUM(qty) OVER (PARTITION BY item) FROM sales"))
                .hasMessage("line 1, column 40: OVER needs ORDER BY a time attribute");
        assertThatThrownBy(() -> tEnv.sqlQuery("SELECT SUM(qty) OVER (ORDER BY ts), COUNT(*) OVER (PARTITION BY item"
                + " ORDER BY ts) FROM sales"))
                .hasMessageStartingWith("line 1, column 46: all OVER aggregates of a query must have the same window");
        tEnv.createTemporaryView("plain", tEnv.sqlQuery("SELECT CAST(ts AS TIMESTAMP(3)) AS t, qty FROM sales"));
        assertThatThrownBy(() -> tEnv.sqlQuery("SELECT SUM(qty) OVER (ORDER BY t) FROM plain"))
                .hasMessageStartingWith("line 1, column 32: OVER: column 't' is TIMESTAMP(3), not a time attribute."
                        + " It was derived from rowtime 'sales.ts' by the expression at line 1, column 8");
        assertThatThrownBy(() -> tEnv.sqlQuery("SELECT SUM(qty) OVER (ORDER BY ts RANGE BETWEEN 2 PRECEDING AND"
                + " CURRENT ROW) FROM sales"))
                .hasMessage("line 1, column 49: RANGE BETWEEN needs an INTERVAL .. PRECEDING or UNBOUNDED PRECEDING");
        assertThatThrownBy(() -> tEnv.sqlQuery("SELECT SUM(qty) OVER (ORDER BY ts ROWS BETWEEN 1 PRECEDING AND"
                + " 1 FOLLOWING) FROM sales"))
                .hasMessageContaining("a frame that ends after the current row (only AND CURRENT ROW) is not supported");
    }
}
