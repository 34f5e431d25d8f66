package dev.tidemark.benchmarks;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OperationsPerInvocation;

/**
 * W1 (keyBy, 1 s tumbling event-time windows, sum) on every engine against the loop; see {@link WindowWorkloadBenchmark}.
 *
 * <p>Besides them, Tidemark keyed by a {@code LongKeySelector} ({@code tidemarkLongKeys*}).
 *
 * <p>{@code java -jar benchmarks/target/benchmarks.jar TumblingWindowBenchmark -prof gc}
 */
public class TumblingWindowBenchmark extends WindowWorkloadBenchmark {

    /** Tidemark keyed by a {@code LongKeySelector}, which hands the key over unboxed. */
    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public Result tidemarkLongKeysParallelism1() throws InterruptedException {
        return check(TumblingWindowJobs.tidemarkLongKeys(EVENTS, eventsPerMilli, 1));
    }

    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public Result tidemarkLongKeysParallelism2() throws InterruptedException {
        return check(TumblingWindowJobs.tidemarkLongKeys(EVENTS, eventsPerMilli, 2));
    }

    @Override
    protected Result baseline(long events, long eventsPerMilli) {
        return TumblingWindowJobs.baseline(events, eventsPerMilli);
    }

    @Override
    protected Result tidemark(long events, long eventsPerMilli, int parallelism) throws InterruptedException {
        return TumblingWindowJobs.tidemark(events, eventsPerMilli, parallelism);
    }

    @Override
    protected Result flink(long events, long eventsPerMilli, int parallelism) throws Exception {
        return FlinkJobs.tumbling(events, eventsPerMilli, parallelism);
    }

    @Override
    protected Result jet(JetJobs.Member jet, long events, long eventsPerMilli, int parallelism) {
        return JetJobs.tumbling(jet.member, events, eventsPerMilli, parallelism);
    }
}
