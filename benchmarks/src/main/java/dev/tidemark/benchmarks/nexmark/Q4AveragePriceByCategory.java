package dev.tidemark.benchmarks.nexmark;

import dev.tidemark.api.DataStream;
import dev.tidemark.api.functions.Collector;
import dev.tidemark.api.functions.KeyedProcessFunction;
import dev.tidemark.api.functions.OpenContext;
import dev.tidemark.state.ValueState;
import dev.tidemark.state.ValueStateDescriptor;

/**
 * q4: the average winning price per category, updated with every closed auction; the last update
 * of a category is its answer.
 */
public final class Q4AveragePriceByCategory {

    /** A category's average winning price over {@code auctions} closed auctions. */
    public record CategoryAverage(long category, double average, long auctions) implements Upsert {
        @Override
        public long key() {
            return category;
        }

        @Override
        public long version() {
            return auctions;
        }
    }

    private Q4AveragePriceByCategory() {}

    public static DataStream<CategoryAverage> query(DataStream<NexmarkEvent> events) {
        return WinningBids.of(events)
                .keyBy(winner -> winner.auction().category())
                .process(new Average()).name("q4 average per category");
    }

    /** A running sum and count per category. */
    static final class Average extends KeyedProcessFunction<Long, WinningBids.Winner, CategoryAverage> {
        private transient ValueState<long[]> sumAndCount;

        @Override
        public void open(OpenContext context) {
            sumAndCount = getRuntimeContext().getState(new ValueStateDescriptor<>("sum and count", long[].class));
        }

        @Override
        public void processElement(WinningBids.Winner winner, Context ctx, Collector<CategoryAverage> out)
                throws Exception {
            long[] totals = sumAndCount.value();
            if (totals == null) {
                totals = new long[2];
            }
            totals[0] += winner.bid().price();
            totals[1]++;
            sumAndCount.update(totals);
            out.collect(new CategoryAverage(ctx.getCurrentKey(), (double) totals[0] / totals[1], totals[1]));
        }
    }
}
