package dev.tidemark.table;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tidemark.testing.StreamEvent;
import dev.tidemark.testing.TestDriver;
import dev.tidemark.testing.TestSink;
import dev.tidemark.testing.TestSource;
import java.io.Serializable;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A query's scan of a stream's table makes only the columns the query reads, as Flink pushes a
 * projection into its source: a field no query reads is never read from the elements; and windows
 * straight over the stream's fields take its elements, with the rows windows over rows give.
 */
class StreamScanTest {

    /** The records' timestamps as the rowtime, with the stream's watermarks. */
    private static final Schema RECORDS_TIMESTAMPS = Schema.newBuilder()
            .columnByMetadata("rowtime", DataTypes.TIMESTAMP_LTZ(3))
            .watermark("rowtime", "SOURCE_WATERMARK()").build();

    /** A reading whose note must not be read: its accessor fails. */
    public record Reading(String sensor, long value, String note) implements Serializable {
        @Override
        public String note() {
            throw new IllegalStateException("the note was read");
        }
    }

    @Test
    void aQueryReadsOnlyTheFieldsItNames_andTheScanShowsThem() {
        try (TestDriver driver = TestDriver.create()) {
            TestSource<Reading> readings = driver.source("readings", Reading.class);
            StreamTableEnvironment tEnv = StreamTableEnvironment.create(driver.env());
            tEnv.createTemporaryView("readings", readings.stream(), Schema.newBuilder().build());
            Table high = tEnv.sqlQuery("SELECT sensor FROM readings WHERE `value` > 10");
            assertThat(high.explain()).startsWith("FromDataStream(sensor STRING, value BIGINT NOT NULL)\n");
            TestSink<Row> out = driver.sink(tEnv.toDataStream(high));
            driver.start();
            readings.emit(new Reading("a", 12, null)).emit(new Reading("b", 3, null));
            assertThat(out.records()).map(Row::toString).containsExactly("+I[a]");
        }
    }

    @Test
    void everyColumnIsScanned_forAStar_aViewThatNamesIt_orTheTableItself() {
        try (TestDriver driver = TestDriver.create()) {
            StreamTableEnvironment tEnv = StreamTableEnvironment.create(driver.env());
            Table table = tEnv.fromDataStream(driver.source("readings", Reading.class).stream(),
                    Schema.newBuilder().build());
            tEnv.createTemporaryView("readings", table);
            String all = "FromDataStream(sensor STRING, value BIGINT NOT NULL, note STRING)";
            assertThat(table.explain()).isEqualTo(all);
            assertThat(tEnv.sqlQuery("SELECT * FROM readings").explain()).startsWith(all);
            assertThat(tEnv.sqlQuery("SELECT r.* FROM readings r").explain()).startsWith(all);
            tEnv.executeSql("CREATE VIEW notes AS SELECT sensor, note FROM readings");
            assertThat(tEnv.sqlQuery("SELECT sensor FROM notes").explain())
                    .startsWith("FromDataStream(sensor STRING, note STRING)\n");
        }
    }

    /** An event whose time is the record's timestamp. */
    public record Click(String user, String page) implements Serializable {}

    @Test
    void aWindowOverTheRecordsTimestamp_needsNoValueOfIt_whileAQueryThatSelectsItGetsIt() {
        try (TestDriver driver = TestDriver.create()) {
            TestSource<Click> clicks = driver.source("clicks", Click.class);
            StreamTableEnvironment tEnv = StreamTableEnvironment.create(driver.env());
            tEnv.createTemporaryView("clicks", clicks.stream(), RECORDS_TIMESTAMPS);
            Table counts = tEnv.sqlQuery("SELECT window_start, `user`, COUNT(*) AS n FROM TABLE(TUMBLE(TABLE clicks,"
                    + " DESCRIPTOR(rowtime), INTERVAL '10' SECOND)) GROUP BY window_start, window_end, `user`");
            assertThat(counts.explain()).startsWith("FromDataStream(user STRING, rowtime TIMESTAMP_LTZ(3) NOT NULL)\n");
            Table times = tEnv.sqlQuery("SELECT `user`, rowtime FROM clicks");
            TestSink<Row> countsOut = driver.sink(tEnv.toDataStream(counts));
            TestSink<Row> timesOut = driver.sink(tEnv.toDataStream(times));
            driver.start();
            clicks.emit(new Click("ann", "/"), 1_000).emit(new Click("ann", "/a"), 4_000)
                    .emit(new Click("bob", "/"), 12_000).emitWatermark(20_000);
            assertThat(countsOut.records()).map(Row::toString).containsExactly("+I[1970-01-01T00:00, ann, 2]",
                    "+I[1970-01-01T00:00:10, bob, 1]");
            assertThat(timesOut.events()).startsWith(new StreamEvent.Record<>(Row.withNames(List.of("user", "rowtime"),
                    new Object[] {"ann", Instant.ofEpochMilli(1_000)}), 1_000));
        }
    }

    /** A reading of a temperature, in tenths of a degree, at a local time. */
    public record Tenths(String sensor, int tenths, LocalDateTime at) implements Serializable {}

    @Test
    void aComputedColumnThatIsRead_readsTheFieldsItIsMadeOf() {
        try (TestDriver driver = TestDriver.create()) {
            TestSource<Tenths> readings = driver.source("readings", Tenths.class);
            StreamTableEnvironment tEnv = StreamTableEnvironment.create(driver.env());
            tEnv.createTemporaryView("readings", readings.stream(), Schema.newBuilder()
                    .columnByExpression("degrees", "tenths / 10").watermark("at", "at").build());
            Table degrees = tEnv.sqlQuery("SELECT degrees FROM readings");
            // the watermark's column is read for the watermarks, and tenths for the degrees
            assertThat(degrees.explain()).startsWith("FromDataStream(tenths INT NOT NULL, at TIMESTAMP(3), degrees INT"
                    + " NOT NULL)\n");
            TestSink<Row> out = driver.sink(tEnv.toDataStream(degrees));
            driver.start();
            readings.emit(new Tenths("a", 215, LocalDateTime.parse("2024-05-01T12:00:00")));
            assertThat(out.records()).map(Row::toString).containsExactly("+I[21]");
        }
    }

    /** An order; its shop and quantity may be missing. */
    public record Order(String shop, Integer qty, String item) implements Serializable {}

    @Test
    void windowsOverTheElementsFields_takeTheElements_andGiveTheRowsThatWindowsOverRowsGive() {
        try (TestDriver driver = TestDriver.create()) {
            TestSource<Order> orders = driver.source("orders", Order.class);
            StreamTableEnvironment tEnv = StreamTableEnvironment.create(driver.env());
            tEnv.createTemporaryView("orders", orders.stream(), RECORDS_TIMESTAMPS);
            String aggregates = "SELECT window_start, shop, COUNT(*) AS n, SUM(qty) AS total, COUNT(qty) AS counted,"
                    + " MAX(item) AS most, COUNT(DISTINCT item) AS kinds FROM TABLE(TUMBLE(TABLE %s, DESCRIPTOR(rowtime),"
                    + " INTERVAL '10' SECOND)) GROUP BY window_start, window_end, shop";
            TestSink<Row> overElements = driver.sink(tEnv.toDataStream(tEnv.sqlQuery(aggregates.formatted("orders"))));
            assertThat(driver.env().getTransformations()).noneMatch(t -> t.name().equals("FromDataStream"));
            TestSink<Row> overRows = driver.sink(tEnv.toDataStream(tEnv.sqlQuery(aggregates.formatted(
                    "(SELECT * FROM orders)"))));
            driver.start();
            orders.emit(new Order("north", 2, "pen"), 1_000).emit(new Order("north", null, "ink"), 2_000)
                    .emit(new Order(null, 5, "pen"), 3_000).emit(new Order("north", 4, "pen"), 4_000)
                    .emit(new Order(null, 1, "cap"), 5_000).emitWatermark(10_000);
            List<String> expected = List.of("+I[1970-01-01T00:00, north, 3, 6, 2, pen, 2]",
                    "+I[1970-01-01T00:00, null, 2, 6, 2, pen, 2]");
            assertThat(overElements.records()).map(Row::toString).containsExactlyInAnyOrderElementsOf(expected);
            assertThat(overRows.records()).map(Row::toString).containsExactlyInAnyOrderElementsOf(expected);
        }
    }

    /** A payment by card; the card number is a {@code long}, which the windows keep unboxed. */
    public record Payment(long card, int amount) implements Serializable {}

    @Test
    void windowsKeyedByALongField_giveEachCardsRows() {
        try (TestDriver driver = TestDriver.create()) {
            TestSource<Payment> payments = driver.source("payments", Payment.class);
            StreamTableEnvironment tEnv = StreamTableEnvironment.create(driver.env());
            tEnv.createTemporaryView("payments", payments.stream(), RECORDS_TIMESTAMPS);
            TestSink<Row> out = driver.sink(tEnv.toDataStream(tEnv.sqlQuery("SELECT window_start, card, SUM(amount) AS"
                    + " total FROM TABLE(TUMBLE(TABLE payments, DESCRIPTOR(rowtime), INTERVAL '10' SECOND))"
                    + " GROUP BY window_start, window_end, card")));
            driver.start();
            payments.emit(new Payment(4_000_000_000L, 5), 1_000).emit(new Payment(-3, 2), 2_000)
                    .emit(new Payment(4_000_000_000L, 7), 3_000).emit(new Payment(-3, 1), 12_000).emitWatermark(20_000);
            assertThat(out.records()).map(Row::toString).containsExactlyInAnyOrder(
                    "+I[1970-01-01T00:00, 4000000000, 12]", "+I[1970-01-01T00:00, -3, 2]",
                    "+I[1970-01-01T00:00:10, -3, 1]");
            assertThat(out.records().get(0).getField(1)).isInstanceOf(Long.class);
        }
    }
}
