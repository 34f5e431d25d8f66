package dev.tidemark.benchmarks.nexmark;

import dev.tidemark.api.DataStream;

/** q9: every auction with its winning bid ({@link WinningBids}). */
public final class Q9WinningBids {

    private Q9WinningBids() {}

    public static DataStream<WinningBids.Winner> query(DataStream<NexmarkEvent> events) {
        return WinningBids.of(events);
    }
}
