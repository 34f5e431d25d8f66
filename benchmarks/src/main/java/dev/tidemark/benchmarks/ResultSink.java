package dev.tidemark.benchmarks;

import dev.tidemark.api.sink.SinkFunction;
import java.util.concurrent.atomic.LongAdder;

/** Counts window results and sums their hashes, across parallel instances, for one run at a time. */
public final class ResultSink implements SinkFunction<Long> {

    private static final long serialVersionUID = 1L;
    static final LongAdder COUNT = new LongAdder(); // shared with the peers' sinks, one run at a time
    static final LongAdder CHECKSUM = new LongAdder();

    static void reset() {
        COUNT.reset();
        CHECKSUM.reset();
    }

    static Result result() {
        return new Result(COUNT.sum(), CHECKSUM.sum());
    }

    @Override
    public void invoke(Long hash, Context context) {
        COUNT.increment();
        CHECKSUM.add(hash);
    }
}
