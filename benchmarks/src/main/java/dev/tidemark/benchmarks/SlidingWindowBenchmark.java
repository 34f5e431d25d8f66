package dev.tidemark.benchmarks;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OperationsPerInvocation;

/**
 * W2 (keyBy, 10 s event-time windows sliding by 1 s, count) on every engine against the loop; see {@link WindowWorkloadBenchmark}.
 *
 * <p>The common benchmarks run Tidemark with {@code Aggregations.count()}, which shares panes (one
 * count per key and slide). Besides them, Tidemark with a count that does not declare its merge
 * exact, so windows are kept one accumulator per key and window.
 *
 * <p>{@code java -jar benchmarks/target/benchmarks.jar SlidingWindowBenchmark -prof gc}
 */
public class SlidingWindowBenchmark extends WindowWorkloadBenchmark {

    /** Tidemark without panes: one count per key and window, ten updates per element. */
    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public Result tidemarkPerWindowParallelism1() throws InterruptedException {
        return check(SlidingWindowJobs.tidemark(EVENTS, eventsPerMilli, 1, true));
    }

    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public Result tidemarkPerWindowParallelism2() throws InterruptedException {
        return check(SlidingWindowJobs.tidemark(EVENTS, eventsPerMilli, 2, true));
    }

    @Override
    protected Result baseline(long events, long eventsPerMilli) {
        return SlidingWindowJobs.baseline(events, eventsPerMilli);
    }

    @Override
    protected Result tidemark(long events, long eventsPerMilli, int parallelism) throws InterruptedException {
        return SlidingWindowJobs.tidemark(events, eventsPerMilli, parallelism);
    }

    @Override
    protected Result flink(long events, long eventsPerMilli, int parallelism) throws Exception {
        return FlinkJobs.sliding(events, eventsPerMilli, parallelism);
    }

    @Override
    protected Result jet(JetJobs.Member jet, long events, long eventsPerMilli, int parallelism) {
        return JetJobs.sliding(jet.member, events, eventsPerMilli, parallelism);
    }
}
