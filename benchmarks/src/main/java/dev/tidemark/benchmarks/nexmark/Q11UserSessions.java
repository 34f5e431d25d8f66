package dev.tidemark.benchmarks.nexmark;

import dev.tidemark.api.DataStream;
import dev.tidemark.api.functions.Aggregations;
import dev.tidemark.windowing.assigners.EventTimeSessionWindows;
import java.time.Duration;

/** q11: how many bids each bidder made per session, a session ending after 10 seconds without a bid. */
public final class Q11UserSessions {

    static final Duration GAP = Duration.ofSeconds(10);

    /** A bidder's bids in the session {@code [start, end)}. */
    public record Session(long bidder, long bids, long start, long end) {}

    private Q11UserSessions() {}

    public static DataStream<Session> query(DataStream<NexmarkEvent> events) {
        return NexmarkStreams.bids(events)
                .keyBy(bid -> bid.bidder())
                .window(EventTimeSessionWindows.withGap(GAP))
                .aggregate(Aggregations.count(), new LabelledCount<>(Session::new)).name("q11 sessions");
    }
}
