package dev.tidemark.benchmarks.nexmark;

import dev.tidemark.api.DataStream;
import dev.tidemark.api.functions.Collector;
import dev.tidemark.api.functions.KeyedProcessFunction;
import dev.tidemark.api.functions.OpenContext;
import dev.tidemark.state.ValueState;
import dev.tidemark.state.ValueStateDescriptor;

/**
 * q6: per seller, the average price of their last auctions won: the latest one and up to 10 before
 * it, as the reference's {@code ROWS BETWEEN 10 PRECEDING AND CURRENT ROW}, latest by expiry (then
 * by auction id, so that auctions closing in the same millisecond have one order whichever way they
 * arrive). Flink's SQL cannot run the reference's query (FLINK-19059).
 */
public final class Q6AverageSellingPriceBySeller {

    static final int ROWS = 11;

    /** A seller's average over their last {@code auctions} winning prices, after {@code closed} in all. */
    public record SellerAverage(long seller, double average, int auctions, long closed) implements Upsert {
        @Override
        public long key() {
            return seller;
        }

        @Override
        public long version() {
            return closed;
        }
    }

    private Q6AverageSellingPriceBySeller() {}

    public static DataStream<SellerAverage> query(DataStream<NexmarkEvent> events) {
        return WinningBids.of(events)
                .keyBy(winner -> winner.auction().seller())
                .process(new LastPrices()).name("q6 average per seller");
    }

    /** A seller's latest winners, oldest first, and how many closed in all. */
    static final class Latest implements java.io.Serializable {
        final long[] expires = new long[ROWS];
        final long[] auctions = new long[ROWS];
        final long[] prices = new long[ROWS];
        int size;
        long closed;

        /** Takes a winner in, in order by expiry then auction, dropping the oldest beyond {@link #ROWS}. */
        void add(long expiry, long auction, long price) {
            closed++;
            int at = size;
            while (at > 0 && (expires[at - 1] > expiry || expires[at - 1] == expiry && auctions[at - 1] > auction)) {
                at--;
            }
            if (size == ROWS) {
                if (at == 0) {
                    return; // older than all the latest: it changes nothing
                }
                System.arraycopy(expires, 1, expires, 0, at - 1);
                System.arraycopy(auctions, 1, auctions, 0, at - 1);
                System.arraycopy(prices, 1, prices, 0, at - 1);
                at--;
            } else {
                System.arraycopy(expires, at, expires, at + 1, size - at);
                System.arraycopy(auctions, at, auctions, at + 1, size - at);
                System.arraycopy(prices, at, prices, at + 1, size - at);
                size++;
            }
            expires[at] = expiry;
            auctions[at] = auction;
            prices[at] = price;
        }

        double average() {
            long sum = 0;
            for (int i = 0; i < size; i++) {
                sum += prices[i];
            }
            return (double) sum / size;
        }
    }

    static final class LastPrices extends KeyedProcessFunction<Long, WinningBids.Winner, SellerAverage> {
        private transient ValueState<Latest> latest;

        @Override
        public void open(OpenContext context) {
            latest = getRuntimeContext().getState(new ValueStateDescriptor<>("latest winners", Latest.class));
        }

        @Override
        public void processElement(WinningBids.Winner winner, Context ctx, Collector<SellerAverage> out)
                throws Exception {
            Latest seller = latest.value();
            if (seller == null) {
                seller = new Latest();
            }
            seller.add(winner.auction().expires(), winner.auction().id(), winner.bid().price());
            latest.update(seller);
            out.collect(new SellerAverage(ctx.getCurrentKey(), seller.average(), seller.size, seller.closed));
        }
    }
}
