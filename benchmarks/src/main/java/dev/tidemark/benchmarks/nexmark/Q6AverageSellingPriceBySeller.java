package dev.tidemark.benchmarks.nexmark;

import dev.tidemark.api.DataStream;
import dev.tidemark.api.functions.Collector;
import dev.tidemark.api.functions.KeyedProcessFunction;
import dev.tidemark.api.functions.OpenContext;
import dev.tidemark.state.ValueState;
import dev.tidemark.state.ValueStateDescriptor;

/**
 * q6: per seller, the average price of their last auctions won: the current one and up to 10
 * before it, as the reference's {@code ROWS BETWEEN 10 PRECEDING AND CURRENT ROW}, in the order the
 * auctions close (Flink's SQL cannot run the reference's query, FLINK-19059).
 */
public final class Q6AverageSellingPriceBySeller {

    static final int ROWS = 11;

    /** A seller's average over their last {@code auctions} winning prices. */
    public record SellerAverage(long seller, double average, int auctions) {}

    private Q6AverageSellingPriceBySeller() {}

    public static DataStream<SellerAverage> query(DataStream<NexmarkEvent> events) {
        return WinningBids.of(events)
                .keyBy(winner -> winner.auction().seller())
                .process(new LastPrices()).name("q6 average per seller");
    }

    /** The last prices of a seller, in a ring. */
    static final class LastPrices extends KeyedProcessFunction<Long, WinningBids.Winner, SellerAverage> {
        private transient ValueState<long[]> ring; // ROWS prices, then how many were added in all

        @Override
        public void open(OpenContext context) {
            ring = getRuntimeContext().getState(new ValueStateDescriptor<>("last prices", long[].class));
        }

        @Override
        public void processElement(WinningBids.Winner winner, Context ctx, Collector<SellerAverage> out)
                throws Exception {
            long[] prices = ring.value();
            if (prices == null) {
                prices = new long[ROWS + 1];
            }
            long added = prices[ROWS];
            prices[(int) (added % ROWS)] = winner.bid().price();
            prices[ROWS] = ++added;
            ring.update(prices);
            int n = (int) Math.min(added, ROWS);
            long sum = 0;
            for (int i = 0; i < n; i++) {
                sum += prices[i];
            }
            out.collect(new SellerAverage(ctx.getCurrentKey(), (double) sum / n, n));
        }
    }
}
