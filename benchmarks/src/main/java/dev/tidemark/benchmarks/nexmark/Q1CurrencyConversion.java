package dev.tidemark.benchmarks.nexmark;

import dev.tidemark.api.DataStream;

/** q1: every bid, its price in euros ({@code 0.908 * price}). */
public final class Q1CurrencyConversion {

    /** A bid with its price converted. */
    public record EuroBid(long auction, long bidder, double price, long dateTime, String extra) {}

    private Q1CurrencyConversion() {}

    public static DataStream<EuroBid> query(DataStream<NexmarkEvent> events) {
        return NexmarkStreams.bids(events)
                .map(bid -> new EuroBid(bid.auction(), bid.bidder(), 0.908 * bid.price(), bid.dateTime(), bid.extra()))
                .name("q1 euros");
    }
}
