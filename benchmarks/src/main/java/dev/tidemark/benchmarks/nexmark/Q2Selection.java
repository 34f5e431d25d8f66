package dev.tidemark.benchmarks.nexmark;

import dev.tidemark.api.DataStream;

/** q2: the bids on every 123rd auction. */
public final class Q2Selection {

    /** An auction and a price bid on it. */
    public record AuctionPrice(long auction, long price) {}

    private Q2Selection() {}

    public static DataStream<AuctionPrice> query(DataStream<NexmarkEvent> events) {
        return NexmarkStreams.bids(events)
                .filter(bid -> bid.auction() % 123 == 0).name("q2 every 123rd auction")
                .map(bid -> new AuctionPrice(bid.auction(), bid.price())).name("q2 auction and price");
    }
}
