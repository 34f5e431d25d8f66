package dev.tidemark.benchmarks.nexmark;

import dev.tidemark.api.DataStream;
import dev.tidemark.api.functions.Aggregations;
import dev.tidemark.api.functions.Collector;
import dev.tidemark.api.functions.ProcessWindowFunction;
import dev.tidemark.windowing.assigners.SlidingEventTimeWindows;
import dev.tidemark.windowing.assigners.TumblingEventTimeWindows;
import dev.tidemark.windowing.windows.TimeWindow;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * q5: the auctions with the most bids in each window of 10 seconds, sliding by 2 seconds. Bids are
 * counted per auction and window; each window's counts, which all carry the window's last
 * millisecond as their time, then meet in the 2-second tumbling window of that millisecond, where
 * the largest count wins (every auction that has it).
 */
public final class Q5HotItems {

    static final Duration SIZE = Duration.ofSeconds(10);
    static final Duration SLIDE = Duration.ofSeconds(2);

    /** An auction's bid count in the window {@code [start, end)}. */
    public record AuctionCount(long auction, long count, long start, long end) {}

    private Q5HotItems() {}

    public static DataStream<AuctionCount> query(DataStream<NexmarkEvent> events) {
        return NexmarkStreams.bids(events)
                .keyBy(bid -> bid.auction())
                .window(SlidingEventTimeWindows.of(SIZE, SLIDE))
                .aggregate(Aggregations.count(), new LabelledCount<>(AuctionCount::new)).name("q5 bids per auction")
                .keyBy(count -> count.end())
                .window(TumblingEventTimeWindows.of(SLIDE))
                .process(new Hottest()).name("q5 hottest");
    }

    /** The counts of one window that equal its largest. */
    static final class Hottest extends ProcessWindowFunction<AuctionCount, AuctionCount, Long, TimeWindow> {
        @Override
        public void process(Long end, Context context, Iterable<AuctionCount> counts, Collector<AuctionCount> out) {
            long max = 0;
            List<AuctionCount> hottest = new ArrayList<>();
            for (AuctionCount count : counts) {
                if (count.count() > max) {
                    max = count.count();
                    hottest.clear();
                }
                if (count.count() == max) {
                    hottest.add(count);
                }
            }
            hottest.forEach(out::collect);
        }
    }
}
