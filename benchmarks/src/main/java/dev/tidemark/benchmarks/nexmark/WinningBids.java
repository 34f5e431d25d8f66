package dev.tidemark.benchmarks.nexmark;

import dev.tidemark.api.DataStream;
import dev.tidemark.api.functions.Collector;
import dev.tidemark.api.functions.KeyedCoProcessFunction;
import dev.tidemark.api.functions.OpenContext;
import dev.tidemark.benchmarks.nexmark.NexmarkEvent.Auction;
import dev.tidemark.benchmarks.nexmark.NexmarkEvent.Bid;
import dev.tidemark.state.ListState;
import dev.tidemark.state.ListStateDescriptor;
import dev.tidemark.state.ValueState;
import dev.tidemark.state.ValueStateDescriptor;

/**
 * Each auction's winning bid: the highest price bid while the auction was open (from its time to
 * its expiry, both included), the earliest of equal prices, emitted when the watermark passes the
 * expiry; an auction without such a bid has none. Bids that come before their auction wait for it;
 * of a closed auction only a mark stays, so that later bids on it are not kept.
 * q4, q6 and q9 build on it.
 */
public final class WinningBids {

    /** An auction and the bid that won it. */
    public record Winner(Auction auction, Bid bid) {}

    private WinningBids() {}

    public static DataStream<Winner> of(DataStream<NexmarkEvent> events) {
        return NexmarkStreams.auctions(events)
                .connect(NexmarkStreams.bids(events))
                .keyBy(Auction::id, Bid::auction)
                .process(new Bidding()).name("winning bids");
    }

    /** Per auction: the auction once known, its best bid so far, and the bids that came before it. */
    static final class Bidding extends KeyedCoProcessFunction<Long, Auction, Bid, Winner> {
        private transient ValueState<Auction> auction;
        private transient ValueState<Bid> best;
        private transient ListState<Bid> early;
        private transient ValueState<Boolean> closed; // a bid after the close is too late, not early

        @Override
        public void open(OpenContext context) {
            auction = getRuntimeContext().getState(new ValueStateDescriptor<>("auction", Auction.class));
            best = getRuntimeContext().getState(new ValueStateDescriptor<>("best bid", Bid.class));
            early = getRuntimeContext().getListState(new ListStateDescriptor<>("early bids", Bid.class));
            closed = getRuntimeContext().getState(new ValueStateDescriptor<>("closed", Boolean.class));
        }

        @Override
        public void processElement1(Auction opened, Context ctx, Collector<Winner> out) throws Exception {
            auction.update(opened);
            ctx.timerService().registerEventTimeTimer(opened.expires());
            for (Bid bid : early.get()) {
                offer(opened, bid);
            }
            early.clear();
        }

        @Override
        public void processElement2(Bid bid, Context ctx, Collector<Winner> out) throws Exception {
            Auction open = auction.value();
            if (open == null && closed.value() == null) {
                early.add(bid);
            } else if (open == null) {
                return; // its auction has closed
            } else {
                offer(open, bid);
            }
        }

        private void offer(Auction open, Bid bid) throws Exception {
            if (bid.dateTime() < open.dateTime() || bid.dateTime() > open.expires()) {
                return;
            }
            Bid current = best.value();
            if (current == null || bid.price() > current.price()
                    || bid.price() == current.price() && bid.dateTime() < current.dateTime()) {
                best.update(bid);
            }
        }

        @Override
        public void onTimer(long time, OnTimerContext ctx, Collector<Winner> out) throws Exception {
            Bid winner = best.value();
            if (winner != null) {
                out.collect(new Winner(auction.value(), winner));
            }
            auction.clear();
            best.clear();
            closed.update(true);
        }
    }
}
