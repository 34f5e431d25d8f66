package dev.tidemark.benchmarks.nexmark;

import dev.tidemark.api.DataStream;
import dev.tidemark.api.functions.Aggregations;
import dev.tidemark.benchmarks.nexmark.NexmarkEvent.Bid;
import dev.tidemark.windowing.assigners.TumblingProcessingTimeWindows;
import java.time.Duration;

/**
 * q12: how many bids each bidder made per 10 seconds of processing time. Its results depend on
 * when events arrive, so runs compare its throughput, not its results.
 */
public final class Q12ProcessingTimeWindows {

    static final Duration SIZE = Duration.ofSeconds(10);

    /** A bidder's bids in the processing-time window {@code [start, end)}. */
    public record BidderCount(long bidder, long bids, long start, long end) {}

    private Q12ProcessingTimeWindows() {}

    public static DataStream<BidderCount> query(DataStream<NexmarkEvent> events) {
        return of(NexmarkStreams.bids(events));
    }

    static DataStream<BidderCount> of(DataStream<Bid> bids) {
        return bids.keyBy(bid -> bid.bidder())
                .window(TumblingProcessingTimeWindows.of(SIZE))
                .aggregate(Aggregations.count(), new LabelledCount<>(BidderCount::new)).name("q12 bids per bidder");
    }
}
