package dev.tidemark.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tidemark.testing.StreamEvent;
import dev.tidemark.testing.TestDriver;
import dev.tidemark.testing.TestSink;
import dev.tidemark.testing.TestSource;
import java.io.Serializable;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

/**
 * Statement S3 of the design notes through the test driver: a filter and projection keeps the
 * rowtime, so the rows' timestamps are its values and the table's watermarks come through.
 */
class FilterAndProjectTest {

    public record Bid(LocalDateTime bidtime, BigDecimal price, String item) implements Serializable {}

    static long millis(String time) {
        return LocalDateTime.parse(time).toInstant(ZoneOffset.UTC).toEpochMilli();
    }

    static Bid bid(String time, String price, String item) {
        return new Bid(LocalDateTime.parse(time), new BigDecimal(price), item);
    }

    @Test
    void s3_aFilterKeepsTheRowtime_theRowsTimestampsAreItsValues_andTheWatermarkIsTheExpressionsLargestValue() {
        try (TestDriver driver = TestDriver.create()) {
            TestSource<Bid> bids = driver.source("bids", Bid.class);
            StreamTableEnvironment tEnv = StreamTableEnvironment.create(driver.env());
            tEnv.createTemporaryView("bids", bids.stream(), Schema.newBuilder()
                    .watermark("bidtime", "bidtime - INTERVAL '1' SECOND").build());
            Table expensive = tEnv.sqlQuery("SELECT item, price, bidtime FROM bids WHERE price > 10");
            assertThat(expensive.getColumns()).hasToString("[item STRING, price DECIMAL(38, 18), bidtime TIMESTAMP(3)"
                    + " *ROWTIME*]");
            TestSink<Row> out = driver.sink(tEnv.toDataStream(expensive));
            driver.start();
            bids.emit(bid("2024-05-01T12:00:05", "12.50", "shoe"))
                    .emit(bid("2024-05-01T12:00:02", "4", "hat"))
                    .emit(bid("2024-05-01T12:00:09", "30", "bag"));
            driver.advanceProcessingTime(Duration.ofMillis(200)); // the periodic watermark
            assertThat(out.events()).containsExactly(
                    new StreamEvent.Record<>(Row.withNames(java.util.List.of("item", "price", "bidtime"), new Object[] {
                        "shoe", new BigDecimal("12.50"), LocalDateTime.parse("2024-05-01T12:00:05")}),
                            millis("2024-05-01T12:00:05")),
                    new StreamEvent.Record<>(Row.withNames(java.util.List.of("item", "price", "bidtime"), new Object[] {
                        "bag", new BigDecimal("30"), LocalDateTime.parse("2024-05-01T12:00:09")}),
                            millis("2024-05-01T12:00:09")),
                    StreamEvent.watermark(millis("2024-05-01T12:00:08"))); // 12:00:09 - 1 s, no millisecond off
            assertThat(out.records().get(0)).hasToString("+I[shoe, 12.50, 2024-05-01T12:00:05]");
        }
    }

    @Test
    void theRecordsTimestampAsARowtime_withTheStreamsWatermarks_andAProctimeColumn() {
        try (TestDriver driver = TestDriver.create(1_000)) {
            TestSource<Bid> bids = driver.source("bids", Bid.class);
            StreamTableEnvironment tEnv = StreamTableEnvironment.create(driver.env());
            tEnv.createTemporaryView("bids", bids.stream(), Schema.newBuilder()
                    .columnByMetadata("rowtime", DataTypes.TIMESTAMP_LTZ(3))
                    .watermark("rowtime", "SOURCE_WATERMARK()")
                    .columnByExpression("pt", "PROCTIME()")
                    .build());
            Table t = tEnv.sqlQuery("SELECT item, rowtime, pt, rowtime + INTERVAL '1' MINUTE AS later FROM bids");
            assertThat(t.getColumns()).hasToString("[item STRING, rowtime TIMESTAMP_LTZ(3) NOT NULL *ROWTIME*,"
                    + " pt TIMESTAMP_LTZ(3) NOT NULL *PROCTIME*, later TIMESTAMP_LTZ(3) NOT NULL]");
            TestSink<Row> out = driver.sink(tEnv.toDataStream(t));
            driver.start();
            bids.emit(bid("2024-05-01T12:00:05", "1", "shoe"), 5_000).emitWatermark(4_000);
            assertThat(out.events()).containsExactly(
                    new StreamEvent.Record<>(Row.withNames(java.util.List.of("item", "rowtime", "pt", "later"),
                            new Object[] {"shoe", Instant.ofEpochMilli(5_000), Instant.ofEpochMilli(1_000),
                                Instant.ofEpochMilli(65_000)}), 5_000L),
                    StreamEvent.watermark(4_000));
        }
    }

    @Test
    void explain_showsEachStepsColumns_andWhereTheRowtimeIsKept() { // price is not read, so not scanned
        try (TestDriver driver = TestDriver.create()) {
            StreamTableEnvironment tEnv = StreamTableEnvironment.create(driver.env());
            tEnv.createTemporaryView("bids", driver.source("bids", Bid.class).stream(), Schema.newBuilder()
                    .watermark("bidtime", "bidtime - INTERVAL '1' SECOND").build());
            assertThat(tEnv.sqlQuery("SELECT item, bidtime + INTERVAL '1' HOUR AS later FROM bids WHERE item <> 'x'")
                    .explain()).isEqualTo("""
                    FromDataStream(bidtime TIMESTAMP(3), item STRING)
                    Watermarks(bidtime: largest bidtime - INTERVAL '1' SECOND)
                    Calc(where: item <> 'x'; select: item STRING, later TIMESTAMP(3))""");
        }
    }

    @Test
    void queriesThatCannotRunYet_orAtAll_failAtTheirPosition() {
        try (TestDriver driver = TestDriver.create()) {
            StreamTableEnvironment tEnv = StreamTableEnvironment.create(driver.env());
            tEnv.createTemporaryView("bids", driver.source("bids", Bid.class).stream(), Schema.newBuilder()
                    .watermark("bidtime", "bidtime - INTERVAL '1' SECOND").build());
            assertThatThrownBy(() -> tEnv.sqlQuery("SELECT item, COUNT(*) FROM bids GROUP BY item"))
                    .isInstanceOf(SqlException.class)
                    .hasMessage("line 1, column 42: GROUP BY item on a stream without a window would update its results"
                            + " (not supported); group by a window: FROM TABLE(TUMBLE(..)) GROUP BY window_start,"
                            + " window_end, ..");
            assertThatThrownBy(() -> tEnv.sqlQuery("INSERT INTO sink SELECT * FROM bids"))
                    .hasMessage("line 1, column 1: sqlQuery takes a SELECT; CREATE TABLE, CREATE VIEW and INSERT INTO are"
                            + " executeSql's");
            assertThatThrownBy(() -> tEnv.sqlQuery("SELECT * FROM asks"))
                    .hasMessage("line 1, column 15: table 'asks' not found; the tables are [bids]");
            Table twoRowtimes = tEnv.sqlQuery("SELECT bidtime, bidtime AS again FROM bids");
            assertThatThrownBy(() -> tEnv.toDataStream(twoRowtimes))
                    .hasMessage("toDataStream: 2 rowtime columns [bidtime, again]; keep one, and CAST the others AS"
                            + " TIMESTAMP(3)");
        }
    }

    @Test
    void aSchemaThatDoesNotFitTheStream_isRefused() {
        try (TestDriver driver = TestDriver.create()) {
            StreamTableEnvironment tEnv = StreamTableEnvironment.create(driver.env());
            TestSource<Bid> bids = driver.source("bids", Bid.class);
            assertThatThrownBy(() -> tEnv.fromDataStream(bids.stream(), Schema.newBuilder()
                    .watermark("item", "item").build()))
                    .hasMessage("fromDataStream: the watermark's column 'item' is STRING; a rowtime is a TIMESTAMP(3) or"
                            + " TIMESTAMP_LTZ(3)");
            assertThatThrownBy(() -> tEnv.fromDataStream(bids.stream(), Schema.newBuilder()
                    .watermark("bidtime", "SOURCE_WATERMARK()").build()))
                    .hasMessageContaining("'bidtime' must be a metadata column");
            assertThatThrownBy(() -> tEnv.fromDataStream(bids.stream(), Schema.newBuilder()
                    .columnByExpression("total", "price * qty").build()))
                    .isInstanceOf(SqlException.class).hasMessageStartingWith("line 1, column 9: column 'qty' not found");
        }
    }
}
