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
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Statements S10 and S11 of the design notes through the test driver: the interval join keeps both
 * rowtimes and holds its watermark back by its bound; the window join emits each window's pairs
 * once, at the window's last millisecond; joins without a time bound are refused.
 */
class SqlJoinTest {

    public record Order(int id, LocalDateTime order_time) implements Serializable {}

    public record Shipment(Long order_id, LocalDateTime ship_time) implements Serializable {}

    public record Quote(String item, LocalDateTime ts) implements Serializable {}

    private final TestDriver driver = TestDriver.create();
    private final TestSource<Order> orders = driver.source("orders", Order.class);
    private final TestSource<Shipment> shipments = driver.source("shipments", Shipment.class);
    private final TestSource<Quote> bids = driver.source("bids", Quote.class);
    private final TestSource<Quote> asks = driver.source("asks", Quote.class);
    private final StreamTableEnvironment tEnv = StreamTableEnvironment.create(driver.env());

    SqlJoinTest() {
        tEnv.createTemporaryView("orders", orders.stream(), Schema.newBuilder().watermark("order_time", "order_time")
                .build());
        tEnv.createTemporaryView("shipments", shipments.stream(), Schema.newBuilder().watermark("ship_time", "ship_time")
                .build());
        tEnv.createTemporaryView("bids", bids.stream(), Schema.newBuilder().watermark("ts", "ts").build());
        tEnv.createTemporaryView("asks", asks.stream(), Schema.newBuilder().watermark("ts", "ts").build());
    }

    @AfterEach
    void close() {
        driver.close();
    }

    private static LocalDateTime at(String time) {
        return LocalDateTime.parse("2024-05-01T" + time);
    }

    private static long millis(String time) {
        return at(time).toInstant(ZoneOffset.UTC).toEpochMilli();
    }

    private static final String S10 = "SELECT o.id, o.order_time, s.ship_time FROM orders o JOIN shipments s"
            + " ON o.id = s.order_id AND s.ship_time BETWEEN o.order_time AND o.order_time + INTERVAL '4' HOUR";

    @Test
    void s10_intervalJoin_pairsRowsWithinTheBound_keepingBothRowtimes() {
        Table shipped = tEnv.sqlQuery(S10);
        assertThat(shipped.getColumns()).hasToString("[id INT NOT NULL, order_time TIMESTAMP(3) *ROWTIME*, ship_time"
                + " TIMESTAMP(3) *ROWTIME*]");
        assertThatThrownBy(() -> tEnv.toDataStream(shipped)).hasMessage("toDataStream: 2 rowtime columns"
                + " [order_time, ship_time]; keep one, and CAST the others AS TIMESTAMP(3)");
        TestSink<Row> out = driver.sink(tEnv.toDataStream(tEnv.sqlQuery("SELECT o.id, o.order_time, CAST(s.ship_time AS"
                + " TIMESTAMP(3)) AS ship_time FROM orders o JOIN shipments s ON o.id = s.order_id AND s.ship_time"
                + " BETWEEN o.order_time AND o.order_time + INTERVAL '4' HOUR")));
        driver.start();
        orders.emit(new Order(1, at("10:00:00"))).emit(new Order(2, at("11:00:00"))).emit(new Order(3, at("12:00:00")));
        shipments.emit(new Shipment(1L, at("09:00:00"))) // before its order
                .emit(new Shipment(3L, at("12:00:00"))) // at the lower bound, which is inclusive
                .emit(new Shipment(1L, at("13:00:00")))
                .emit(new Shipment(null, at("13:00:00"))) // a NULL key matches nothing
                .emit(new Shipment(2L, at("16:00:00"))); // five hours after its order
        orders.emit(new Order(4, at("16:00:00")));
        driver.advanceProcessingTime(Duration.ofMillis(200));
        assertThat(TimedRows.of(out)).containsExactlyInAnyOrder(
                "12:00:00.000: +I[3, 2024-05-01T12:00, 2024-05-01T12:00]",
                "10:00:00.000: +I[1, 2024-05-01T10:00, 2024-05-01T13:00]");
        // both inputs are at 16:00; held back by the bound, the join's watermark is at 12:00, behind
        // every order_time a later shipment can still pair with
        assertThat(out.events()).last().isEqualTo(StreamEvent.watermark(millis("12:00:00")));
    }

    @Test
    void aJoinWrittenWithACommaAndWhere_isTheSameIntervalJoin() {
        TestSink<Row> out = driver.sink(tEnv.toDataStream(tEnv.sqlQuery("SELECT o.id, o.order_time FROM orders o,"
                + " shipments s WHERE o.id = s.order_id AND o.order_time BETWEEN s.ship_time - INTERVAL '4' HOUR AND"
                + " s.ship_time")));
        driver.start();
        orders.emit(new Order(1, at("10:00:00"))).emit(new Order(2, at("11:00:00")));
        shipments.emit(new Shipment(1L, at("13:00:00"))).emit(new Shipment(2L, at("16:00:00")));
        orders.finish();
        shipments.finish();
        bids.finish();
        asks.finish();
        assertThat(TimedRows.of(out)).containsExactly("10:00:00.000: +I[1, 2024-05-01T10:00]");
        assertThatThrownBy(() -> tEnv.sqlQuery("SELECT * FROM orders o, shipments s"))
                .hasMessage("line 1, column 23: a join written with ',' takes its condition from WHERE, and the query"
                        + " has none");
    }

    @Test
    void s10_theHeldBackWatermark_letsAWindowOverTheEarlierRowtimeCountRowsThatJoinedLate() {
        tEnv.createTemporaryView("shipped", tEnv.sqlQuery("SELECT o.id, o.order_time, CAST(s.ship_time AS TIMESTAMP(3))"
                + " AS ship_time FROM orders o JOIN shipments s ON o.id = s.order_id AND s.ship_time BETWEEN"
                + " o.order_time AND o.order_time + INTERVAL '4' HOUR"));
        TestSink<Row> out = driver.sink(tEnv.toDataStream(tEnv.sqlQuery("SELECT window_start, COUNT(*) AS n FROM"
                + " TABLE(TUMBLE(TABLE shipped, DESCRIPTOR(order_time), INTERVAL '1' HOUR)) GROUP BY window_start,"
                + " window_end")));
        driver.start();
        orders.emit(new Order(1, at("10:00:00"))).emit(new Order(2, at("13:00:00")));
        shipments.emit(new Shipment(2L, at("13:10:00")));
        driver.advanceProcessingTime(Duration.ofMillis(200)); // inputs at 13:00; the join's watermark at 09:00
        shipments.emit(new Shipment(1L, at("13:30:00"))); // order 1 ships three and a half hours later
        orders.finish();
        shipments.finish();
        bids.finish();
        asks.finish();
        assertThat(TimedRows.of(out)).containsExactly("10:59:59.999: +I[2024-05-01T10:00, 1]",
                "13:59:59.999: +I[2024-05-01T13:00, 1]");
        assertThat(driver.metrics()).containsEntry("WindowAggregate.numLateRecordsDropped", 0L);
    }

    private static final String PER_MINUTE = "SELECT item, window_start, window_end, window_time, COUNT(*) AS cnt FROM"
            + " TABLE(TUMBLE(TABLE %s, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) GROUP BY item, window_start, window_end,"
            + " window_time";

    @Test
    void s11_windowJoin_pairsBothSidesRowsOfOneWindowOnce_atItsLastMillisecond() {
        tEnv.createTemporaryView("b", tEnv.sqlQuery(PER_MINUTE.formatted("bids")));
        tEnv.createTemporaryView("a", tEnv.sqlQuery(PER_MINUTE.formatted("asks")));
        Table joined = tEnv.sqlQuery("SELECT L.item, L.window_start, L.window_time, L.cnt AS bids, R.cnt AS asks FROM b L"
                + " JOIN a R ON L.item = R.item AND L.window_start = R.window_start AND L.window_end = R.window_end");
        assertThat(joined.getColumns().toString()).contains("window_time TIMESTAMP(3) NOT NULL *ROWTIME*");
        TestSink<Row> out = driver.sink(tEnv.toDataStream(joined));
        Table left = tEnv.sqlQuery("SELECT L.item, L.window_start, L.cnt AS bids, R.cnt AS asks FROM b L LEFT JOIN a R"
                + " ON L.item = R.item AND L.window_start = R.window_start AND L.window_end = R.window_end");
        TestSink<Row> outer = driver.sink(tEnv.toDataStream(left));
        driver.start();
        bids.emit(new Quote("shoe", at("12:00:10"))).emit(new Quote("shoe", at("12:00:20")))
                .emit(new Quote("hat", at("12:00:30"))).emit(new Quote("shoe", at("12:01:10")));
        asks.emit(new Quote("shoe", at("12:00:40"))).emit(new Quote("shoe", at("12:01:50")))
                .emit(new Quote("bag", at("12:00:50")));
        bids.finish();
        asks.finish();
        orders.finish();
        shipments.finish();
        assertThat(TimedRows.of(out)).containsExactly(
                "12:00:59.999: +I[shoe, 2024-05-01T12:00, 2024-05-01T12:00:59.999, 2, 1]",
                "12:01:59.999: +I[shoe, 2024-05-01T12:01, 2024-05-01T12:01:59.999, 1, 1]");
        assertThat(TimedRows.of(outer)).containsExactlyInAnyOrder(
                "12:00:59.999: +I[shoe, 2024-05-01T12:00, 2, 1]",
                "12:00:59.999: +I[hat, 2024-05-01T12:00, 1, null]",
                "12:01:59.999: +I[shoe, 2024-05-01T12:01, 1, 1]");
    }

    @Test
    void joinsThatCannotBePlanned_sayWhy() {
        assertThatThrownBy(() -> tEnv.sqlQuery("SELECT * FROM orders o JOIN shipments s ON o.id = s.order_id"))
                .hasMessageStartingWith("line 1, column 24: a join of two streams without a time bound keeps every row"
                        + " forever and would update its results (not supported)");
        assertThatThrownBy(() -> tEnv.sqlQuery("SELECT * FROM orders o JOIN shipments s ON o.id = s.order_id AND"
                + " s.ship_time >= o.order_time"))
                .hasMessage("line 1, column 24: an interval join needs a lower and an upper bound on s.ship_time -"
                        + " o.order_time; only a lower bound is given");
        assertThatThrownBy(() -> tEnv.sqlQuery("SELECT * FROM orders o LEFT JOIN shipments s ON o.id = s.order_id AND"
                + " s.ship_time BETWEEN o.order_time AND o.order_time + INTERVAL '1' HOUR"))
                .hasMessage("line 1, column 24: LEFT JOIN over a time interval is not supported yet; write JOIN");
        assertThatThrownBy(() -> tEnv.sqlQuery("SELECT * FROM orders o JOIN bids b ON o.id = b.item AND b.ts BETWEEN"
                + " o.order_time AND o.order_time + INTERVAL '1' HOUR"))
                .hasMessage("line 1, column 44: a join key compares INT with STRING; CAST one side to the other's type");
        assertThatThrownBy(() -> tEnv.sqlQuery("SELECT * FROM orders o JOIN shipments s ON o.id = s.order_id AND"
                + " s.ship_time BETWEEN o.order_time + INTERVAL '2' HOUR AND o.order_time + INTERVAL '1' HOUR"))
                .hasMessage("line 1, column 24: the time bounds leave no interval: s.ship_time - o.order_time must be"
                        + " at least 7200000 ms and at most 3600000 ms");
        tEnv.createTemporaryView("late_orders", tEnv.sqlQuery("SELECT id, order_time + INTERVAL '1' HOUR AS due FROM"
                + " orders"));
        assertThatThrownBy(() -> tEnv.sqlQuery("SELECT * FROM late_orders o JOIN shipments s ON o.id = s.order_id AND"
                + " s.ship_time BETWEEN o.due AND o.due + INTERVAL '1' HOUR"))
                .hasMessageStartingWith("line 1, column 83: interval join: column 'o.due' is TIMESTAMP(3), not a time"
                        + " attribute. It was derived from rowtime 'orders.order_time' by the expression at line 1,"
                        + " column 23 ('order_time + INTERVAL '1' HOUR')");
    }
}
