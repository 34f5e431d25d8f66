package dev.tidemark.benchmarks;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.Param;

/**
 * W2 (keyBy, event-time windows sliding by 1 s, each event in {@code windowsPerEvent} of them,
 * count) on every engine against the loop; see {@link WindowWorkloadBenchmark}.
 *
 * <p>The common Tidemark rows are untuned: a count that does not declare its merge exact, as a
 * user's own {@code AggregateFunction} would not, so windows keep one accumulator per key and
 * window. The tuned rows use {@code Aggregations.count()}, which declares it: the windows share one
 * count per key and slide (panes).
 *
 * <p>{@code java -jar benchmarks/target/benchmarks.jar SlidingWindowBenchmark -prof gc}
 */
public class SlidingWindowBenchmark extends WindowWorkloadBenchmark {

    /** How many windows each event belongs to: the window size in slides of 1 s. */
    @Param({"2", "10", "60"})
    public int windowsPerEvent;

    /** Tidemark with panes: one count per key and slide, one update per element. */
    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public Result tidemarkTunedParallelism1() throws InterruptedException {
        return check(SlidingWindowJobs.tidemark(EVENTS, eventsPerMilli, 1, true, windowsPerEvent));
    }

    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public Result tidemarkTunedParallelism2() throws InterruptedException {
        return check(SlidingWindowJobs.tidemark(EVENTS, eventsPerMilli, 2, true, windowsPerEvent));
    }

    @Override
    protected Result baseline(long events, long eventsPerMilli) {
        return SlidingWindowJobs.baseline(events, eventsPerMilli, windowsPerEvent);
    }

    @Override
    protected Result tidemark(long events, long eventsPerMilli, int parallelism) throws InterruptedException {
        return SlidingWindowJobs.tidemark(events, eventsPerMilli, parallelism, false, windowsPerEvent);
    }

    @Override
    protected Result flink(long events, long eventsPerMilli, int parallelism) throws Exception {
        return FlinkJobs.sliding(events, eventsPerMilli, parallelism, windowsPerEvent);
    }

    @Override
    protected Result jet(JetJobs.Member jet, long events, long eventsPerMilli, int parallelism) {
        return JetJobs.sliding(jet.member, events, eventsPerMilli, parallelism, windowsPerEvent);
    }
}
