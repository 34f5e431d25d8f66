package dev.tidemark.benchmarks.nexmark;

import dev.tidemark.api.DataStream;
import dev.tidemark.benchmarks.nexmark.NexmarkEvent.Bid;

/** q0: every bid, as it is; measures the source, the split by kind and the sink. */
public final class Q0PassThrough {

    private Q0PassThrough() {}

    public static DataStream<Bid> query(DataStream<NexmarkEvent> events) {
        return NexmarkStreams.bids(events);
    }
}
