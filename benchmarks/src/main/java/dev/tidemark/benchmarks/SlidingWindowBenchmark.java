package dev.tidemark.benchmarks;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OperationsPerInvocation;

/**
 * W2 (keyBy, 10 s event-time windows sliding by 1 s, count) on every engine against the loop; see {@link WindowWorkloadBenchmark}.
 *
 * <p>Besides the common benchmarks, Tidemark with {@code sharePanes()} (pane aggregation, an opt-in).
 *
 * <p>{@code java -jar benchmarks/target/benchmarks.jar SlidingWindowBenchmark -prof gc}
 */
public class SlidingWindowBenchmark extends WindowWorkloadBenchmark {

    /** Tidemark with {@code sharePanes()}: one count per key and second, merged when a window fires. */
    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public Result tidemarkPanesParallelism1() throws InterruptedException {
        return check(SlidingWindowJobs.tidemark(EVENTS, eventsPerMilli, 1, true));
    }

    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public Result tidemarkPanesParallelism2() throws InterruptedException {
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
