package dev.tidemark.benchmarks.nexmark;

import java.io.Serializable;
import java.util.Map;
import java.util.Optional;
import org.apache.flink.types.Row;

/**
 * NEXMark's queries as its Flink SQL publishes them (the {@code SELECT} of each {@code INSERT}),
 * over the views {@code person}, {@code auction} and {@code bid} it defines on its event table,
 * whose watermark trails the greatest event time by 4 s. Two edits: q7 selects its columns in its
 * sink's order (the published one swaps price and bidder into each other's columns), and q12's view
 * of bids with their processing time is defined with the others. q6 is not here: its published SQL runs an
 * {@code OVER} aggregation on an updating input, which Flink's streaming mode does not run.
 */
final class FlinkSqlQueries {

    static final String[] VIEWS = {
        "CREATE TEMPORARY VIEW person AS SELECT person.id, person.name, person.emailAddress, person.creditCard,"
                + " person.city, person.state, `dateTime`, person.extra FROM nexmark WHERE event_type = 0",
        "CREATE TEMPORARY VIEW auction AS SELECT auction.id, auction.itemName, auction.description,"
                + " auction.initialBid, auction.reserve, `dateTime`, auction.expires, auction.seller, auction.category,"
                + " auction.extra FROM nexmark WHERE event_type = 1",
        "CREATE TEMPORARY VIEW bid AS SELECT bid.auction, bid.bidder, bid.price, bid.channel, bid.url, `dateTime`,"
                + " bid.extra FROM nexmark WHERE event_type = 2",
        "CREATE TEMPORARY VIEW B AS SELECT *, PROCTIME() AS p_time FROM bid", // q12's
    };

    private static final String HOT_COUNTS = "SELECT auction, count(*) AS num, window_start AS starttime,"
            + " window_end AS endtime FROM TABLE(HOP(TABLE bid, DESCRIPTOR(`dateTime`), INTERVAL '2' SECOND,"
            + " INTERVAL '10' SECOND)) GROUP BY auction, window_start, window_end";

    private static final Map<NexmarkQuery, String> QUERIES = Map.ofEntries(
            Map.entry(NexmarkQuery.q0, "SELECT auction, bidder, price, `dateTime`, extra FROM bid"),
            Map.entry(NexmarkQuery.q1, "SELECT auction, bidder, 0.908 * price AS price, `dateTime`, extra FROM bid"),
            Map.entry(NexmarkQuery.q2, "SELECT auction, price FROM bid WHERE MOD(auction, 123) = 0"),
            Map.entry(NexmarkQuery.q3, "SELECT P.name, P.city, P.state, A.id FROM auction AS A INNER JOIN person AS P"
                    + " ON A.seller = P.id WHERE A.category = 10 AND (P.state = 'OR' OR P.state = 'ID' OR P.state = 'CA')"),
            Map.entry(NexmarkQuery.q4, "SELECT Q.category, AVG(Q.final) FROM (SELECT MAX(B.price) AS final, A.category"
                    + " FROM auction A, bid B WHERE A.id = B.auction AND B.`dateTime` BETWEEN A.`dateTime` AND A.expires"
                    + " GROUP BY A.id, A.category) Q GROUP BY Q.category"),
            Map.entry(NexmarkQuery.q5, "SELECT AuctionBids.auction, AuctionBids.num FROM (" + HOT_COUNTS
                    + ") AS AuctionBids JOIN (SELECT max(CountBids.num) AS maxn, CountBids.starttime, CountBids.endtime"
                    + " FROM (" + HOT_COUNTS + ") AS CountBids GROUP BY CountBids.starttime, CountBids.endtime) AS MaxBids"
                    + " ON AuctionBids.starttime = MaxBids.starttime AND AuctionBids.endtime = MaxBids.endtime"
                    + " AND AuctionBids.num >= MaxBids.maxn"),
            Map.entry(NexmarkQuery.q7, "SELECT B.auction, B.bidder, B.price, B.`dateTime`, B.extra FROM bid B"
                    + " JOIN (SELECT MAX(price) AS maxprice, window_end AS `dateTime` FROM TABLE(TUMBLE(TABLE bid,"
                    + " DESCRIPTOR(`dateTime`), INTERVAL '10' SECOND)) GROUP BY window_start, window_end) B1"
                    + " ON B.price = B1.maxprice"
                    + " WHERE B.`dateTime` BETWEEN B1.`dateTime` - INTERVAL '10' SECOND AND B1.`dateTime`"),
            Map.entry(NexmarkQuery.q8, "SELECT P.id, P.name, P.starttime FROM (SELECT id, name, window_start AS starttime,"
                    + " window_end AS endtime FROM TABLE(TUMBLE(TABLE person, DESCRIPTOR(`dateTime`), INTERVAL '10' SECOND))"
                    + " GROUP BY id, name, window_start, window_end) P JOIN (SELECT seller, window_start AS starttime,"
                    + " window_end AS endtime FROM TABLE(TUMBLE(TABLE auction, DESCRIPTOR(`dateTime`),"
                    + " INTERVAL '10' SECOND)) GROUP BY seller, window_start, window_end) A"
                    + " ON P.id = A.seller AND P.starttime = A.starttime AND P.endtime = A.endtime"),
            Map.entry(NexmarkQuery.q9, "SELECT id, itemName, description, initialBid, reserve, `dateTime`, expires,"
                    + " seller, category, extra, auction, bidder, price, bid_dateTime, bid_extra FROM (SELECT A.*,"
                    + " B.auction, B.bidder, B.price, B.`dateTime` AS bid_dateTime, B.extra AS bid_extra,"
                    + " ROW_NUMBER() OVER (PARTITION BY A.id ORDER BY B.price DESC, B.`dateTime` ASC) AS rownum"
                    + " FROM auction A, bid B WHERE A.id = B.auction AND B.`dateTime` BETWEEN A.`dateTime` AND A.expires)"
                    + " WHERE rownum <= 1"),
            Map.entry(NexmarkQuery.q11, "SELECT B.bidder, count(*) AS bid_count,"
                    + " SESSION_START(B.`dateTime`, INTERVAL '10' SECOND) AS starttime,"
                    + " SESSION_END(B.`dateTime`, INTERVAL '10' SECOND) AS endtime"
                    + " FROM bid B GROUP BY B.bidder, SESSION(B.`dateTime`, INTERVAL '10' SECOND)"),
            Map.entry(NexmarkQuery.q12, "SELECT bidder, count(*) AS bid_count, window_start AS starttime,"
                    + " window_end AS endtime FROM TABLE(TUMBLE(TABLE B,"
                    + " DESCRIPTOR(p_time), INTERVAL '10' SECOND)) GROUP BY bidder, window_start, window_end"));

    /**
     * When a result row is complete in event time, from its columns, as the Tidemark query
     * timestamps it (a window's last millisecond), for {@link NexmarkLatency}: the published rows of
     * q2-q5 and q9 hold no such time, and q12's times are processing times.
     */
    private static final Map<NexmarkQuery, RowTime> RESULT_TIMES = Map.of(
            NexmarkQuery.q0, row -> millis(row, 3),
            NexmarkQuery.q1, row -> millis(row, 3),
            NexmarkQuery.q7, row -> Q7HighestBid.lastMillisOfWindow(millis(row, 3)),
            NexmarkQuery.q8, row -> millis(row, 2) + Q8MonitorNewUsers.SIZE_MILLIS - 1,
            NexmarkQuery.q11, row -> millis(row, 3) - 1);

    /** The event time a result row stands for. */
    interface RowTime extends Serializable {
        long of(Row row);
    }

    private FlinkSqlQueries() {}

    /** When the query's result rows are complete, if they hold a time. */
    static Optional<RowTime> resultTime(NexmarkQuery query) {
        return Optional.ofNullable(RESULT_TIMES.get(query));
    }

    private static long millis(Row row, int column) {
        return PublishedColumns.asLong(row.getField(column));
    }

    /** The query's published SQL, if Flink runs it. */
    static Optional<String> of(NexmarkQuery query) {
        return Optional.ofNullable(QUERIES.get(query));
    }
}
