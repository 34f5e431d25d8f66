package dev.tidemark.benchmarks.nexmark;

import dev.tidemark.api.DataStream;
import dev.tidemark.api.functions.AggregateFunction;
import dev.tidemark.benchmarks.nexmark.NexmarkEvent.Bid;
import dev.tidemark.windowing.assigners.TumblingEventTimeWindows;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * q7: the bids with the highest price of each 10-second tumbling window, over all auctions. The
 * reference joins each window's maximum back to the bids from the window's start to its end, both
 * ends included, which can also take a bid at the very end (the next window's first millisecond);
 * here a window's bids are its own, from its start to its end excluded.
 */
public final class Q7HighestBid {

    static final Duration SIZE = Duration.ofSeconds(10);

    private Q7HighestBid() {}

    /** The last millisecond of the window a bid at {@code time} is in, the time of the window's result. */
    static long lastMillisOfWindow(long time) {
        return time - Math.floorMod(time, SIZE.toMillis()) + SIZE.toMillis() - 1;
    }

    public static DataStream<Bid> query(DataStream<NexmarkEvent> events) {
        return NexmarkStreams.bids(events)
                .windowAll(TumblingEventTimeWindows.of(SIZE))
                .aggregate(new HighestBids()).name("q7 highest bids")
                .flatMap((List<Bid> bids, dev.tidemark.api.functions.Collector<Bid> out) -> bids.forEach(out::collect))
                .name("q7 each highest bid");
    }

    /** The window's highest price and the bids that offered it. */
    static final class Highest {
        long price = -1;
        final List<Bid> bids = new ArrayList<>(1);
    }

    /** Keeps only the bids at the highest price so far. */
    static final class HighestBids implements AggregateFunction<Bid, Highest, List<Bid>> {
        @Override
        public Highest createAccumulator() {
            return new Highest();
        }

        @Override
        public Highest add(Bid bid, Highest highest) {
            if (bid.price() > highest.price) {
                highest.price = bid.price();
                highest.bids.clear();
            }
            if (bid.price() == highest.price) {
                highest.bids.add(bid);
            }
            return highest;
        }

        @Override
        public List<Bid> getResult(Highest highest) {
            return highest.bids;
        }

        @Override
        public Highest merge(Highest a, Highest b) {
            for (Bid bid : b.bids) {
                add(bid, a);
            }
            return a;
        }
    }
}
