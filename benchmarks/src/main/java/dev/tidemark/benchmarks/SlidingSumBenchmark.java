package dev.tidemark.benchmarks;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.Param;

/**
 * W2 with a field aggregation: windows sliding by 1 s, each event in {@code windowsPerEvent} of
 * them, {@code sum("value")} as a Flink user writes it (Flink's {@code sum(1)} on its tuples, Jet's
 * {@code summingLong}), on every engine against the loop; see {@link WindowWorkloadBenchmark}.
 *
 * <p>The common Tidemark rows are the user's code, which shares panes since the sum of a
 * {@code long} does not depend on the order. The per-window rows keep one sum per key and window, as
 * every sum did before (an allowed lateness of 1 ms, which no event needs, keeps panes away).
 *
 * <p>{@code java -jar benchmarks/target/benchmarks.jar SlidingSumBenchmark -prof gc}
 */
public class SlidingSumBenchmark extends WindowWorkloadBenchmark {

    /** How many windows each event belongs to: the window size in slides of 1 s. */
    @Param({"2", "10", "60"})
    public int windowsPerEvent;

    /** The same sums kept per key and window. */
    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public Result tidemarkPerWindowParallelism1() throws InterruptedException {
        return check(SlidingWindowJobs.tidemarkSum(EVENTS, eventsPerMilli, 1, true, windowsPerEvent));
    }

    @Override
    protected Result baseline(long events, long eventsPerMilli) {
        return SlidingWindowJobs.baselineSum(events, eventsPerMilli, windowsPerEvent);
    }

    @Override
    protected Result tidemark(long events, long eventsPerMilli, int parallelism) throws InterruptedException {
        return SlidingWindowJobs.tidemarkSum(events, eventsPerMilli, parallelism, false, windowsPerEvent);
    }

    @Override
    protected Result flink(long events, long eventsPerMilli, int parallelism) throws Exception {
        return FlinkJobs.slidingSum(events, eventsPerMilli, parallelism, windowsPerEvent);
    }

    @Override
    protected Result jet(JetJobs.Member jet, long events, long eventsPerMilli, int parallelism) {
        return JetJobs.slidingSum(jet.member, events, eventsPerMilli, parallelism, windowsPerEvent);
    }
}
