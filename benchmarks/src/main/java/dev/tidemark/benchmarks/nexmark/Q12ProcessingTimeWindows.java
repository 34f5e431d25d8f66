package dev.tidemark.benchmarks.nexmark;

import dev.tidemark.api.DataStream;
import dev.tidemark.api.functions.Aggregations;
import dev.tidemark.api.functions.Collector;
import dev.tidemark.api.functions.ProcessWindowFunction;
import dev.tidemark.benchmarks.nexmark.NexmarkEvent.Bid;
import dev.tidemark.windowing.assigners.TumblingProcessingTimeWindows;
import dev.tidemark.windowing.windows.TimeWindow;
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
                .aggregate(Aggregations.count(), new Labelled()).name("q12 bids per bidder");
    }

    static final class Labelled extends ProcessWindowFunction<Long, BidderCount, Long, TimeWindow> {
        @Override
        public void process(Long bidder, Context context, Iterable<Long> counts, Collector<BidderCount> out) {
            out.collect(new BidderCount(bidder, counts.iterator().next(), context.window().getStart(),
                    context.window().getEnd()));
        }
    }
}
