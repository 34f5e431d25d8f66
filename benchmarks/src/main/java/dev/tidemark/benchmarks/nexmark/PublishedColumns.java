package dev.tidemark.benchmarks.nexmark;

import dev.tidemark.benchmarks.nexmark.NexmarkEvent.Auction;
import dev.tidemark.benchmarks.nexmark.NexmarkEvent.Bid;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/**
 * The hash of a result's columns as NEXMark publishes the query's result table (its SQL sink's
 * columns, in their order), so that engines whose results have different types are held to the
 * same answer: a Tidemark record and a Flink SQL row hash alike when their published columns are
 * equal. A column hashes as a {@code long} (ids, prices, counts, and times as epoch milliseconds;
 * q1's euro price in thousandths, exact, as SQL's {@code DECIMAL(23, 3)}) or a string; a result
 * hashes as {@link java.util.List#hashCode} would over its columns, without the list.
 */
final class PublishedColumns {

    private PublishedColumns() {}

    /** The hash of a Tidemark query result's published columns. */
    static int hash(Object result) {
        if (result instanceof Bid bid) { // q0, q7: auction, bidder, price, dateTime, extra
            return add(add(add(add(add(1, bid.auction()), bid.bidder()), bid.price()), bid.dateTime()), bid.extra());
        }
        if (result instanceof Q1CurrencyConversion.EuroBid bid) {
            return add(add(add(add(add(1, bid.auction()), bid.bidder()), Math.round(bid.price() * 1000)), bid.dateTime()),
                    bid.extra());
        }
        if (result instanceof Q2Selection.AuctionPrice bid) {
            return add(add(1, bid.auction()), bid.price());
        }
        if (result instanceof Q3LocalItemSuggestion.Suggestion s) {
            return add(add(add(add(1, s.name()), s.city()), s.state()), s.auction());
        }
        if (result instanceof Q4AveragePriceByCategory.CategoryAverage a) { // SQL's AVG of a BIGINT is a BIGINT
            return add(add(1, a.category()), (long) a.average());
        }
        if (result instanceof Q5HotItems.AuctionCount c) {
            return add(add(1, c.auction()), c.count());
        }
        if (result instanceof Q6AverageSellingPriceBySeller.SellerAverage a) {
            return add(add(add(add(1, a.seller()), Double.hashCode(a.average())), a.auctions()), a.closed());
        }
        if (result instanceof Q8MonitorNewUsers.NewSeller s) {
            return add(add(add(1, s.id()), s.name()), s.windowStart());
        }
        if (result instanceof WinningBids.Winner w) {
            Auction a = w.auction();
            Bid b = w.bid();
            int auction = add(add(add(add(add(add(add(add(add(add(1, a.id()), a.itemName()), a.description()),
                    a.initialBid()), a.reserve()), a.dateTime()), a.expires()), a.seller()), a.category()), a.extra());
            return add(add(add(add(add(auction, b.auction()), b.bidder()), b.price()), b.dateTime()), b.extra());
        }
        if (result instanceof Q11UserSessions.Session s) {
            return add(add(add(add(1, s.bidder()), s.bids()), s.start()), s.end());
        }
        if (result instanceof Q12ProcessingTimeWindows.BidderCount c) {
            return add(add(add(add(1, c.bidder()), c.bids()), c.start()), c.end());
        }
        throw new IllegalArgumentException("no published columns for a " + result.getClass().getName());
    }

    /** {@code hash} (1 for the first column) with one more column of a row as Flink SQL's results hold it. */
    static int addColumn(int hash, Object value) {
        return 31 * hash + column(value);
    }

    private static int column(Object value) {
        if (value == null) {
            return 0;
        }
        if (value instanceof String s) {
            return s.hashCode();
        }
        return Long.hashCode(asLong(value));
    }

    /** A column that is a number or a time, as a {@code long}: times as epoch milliseconds. */
    static long asLong(Object value) {
        if (value instanceof Number n && !(value instanceof BigDecimal)) {
            return n.longValue();
        }
        if (value instanceof BigDecimal d) {
            return d.setScale(3).unscaledValue().longValueExact();
        }
        if (value instanceof LocalDateTime t) {
            return t.toInstant(ZoneOffset.UTC).toEpochMilli();
        }
        if (value instanceof Instant t) {
            return t.toEpochMilli();
        }
        throw new IllegalArgumentException("no published column of a " + value.getClass().getName());
    }

    private static int add(int hash, long column) {
        return 31 * hash + Long.hashCode(column);
    }

    private static int add(int hash, String column) {
        return 31 * hash + (column == null ? 0 : column.hashCode());
    }
}
