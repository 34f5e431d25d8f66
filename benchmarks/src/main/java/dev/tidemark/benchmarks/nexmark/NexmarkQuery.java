package dev.tidemark.benchmarks.nexmark;

import dev.tidemark.api.DataStream;
import java.util.function.Function;

/**
 * The queries, by their NEXMark names. q10 writes to an external store and is not here; q12 works
 * on processing time, so its results depend on timing and runs compare only its speed. q4 and q6
 * update their answers ({@link Upsert}): runs compare the answers, not the updates.
 */
public enum NexmarkQuery {
    q0(Q0PassThrough::query),
    q1(Q1CurrencyConversion::query),
    q2(Q2Selection::query),
    q3(Q3LocalItemSuggestion::query),
    q4(Q4AveragePriceByCategory::query),
    q5(Q5HotItems::query),
    q6(Q6AverageSellingPriceBySeller::query),
    q7(Q7HighestBid::query),
    q8(Q8MonitorNewUsers::query),
    q9(Q9WinningBids::query),
    q11(Q11UserSessions::query),
    q12(Q12ProcessingTimeWindows::query);

    private final Function<DataStream<NexmarkEvent>, DataStream<?>> query;

    NexmarkQuery(Function<DataStream<NexmarkEvent>, DataStream<?>> query) {
        this.query = query;
    }

    /** The query's results over {@code events}. */
    public DataStream<?> on(DataStream<NexmarkEvent> events) {
        return query.apply(events);
    }

    /** Whether two runs at {@code parallelism} give the same answers, whatever the timing. */
    public boolean isDeterministicAt(int parallelism) {
        return this != q12;
    }
}
