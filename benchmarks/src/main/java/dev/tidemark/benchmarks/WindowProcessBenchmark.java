package dev.tidemark.benchmarks;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.Param;

/**
 * W1 and W2 with a {@code ProcessWindowFunction} that sums every element of its window, as Flink's
 * documentation first shows window functions ({@link WindowProcessJobs}), on every engine against
 * the loop: Flink's same function, and on Jet the window's elements as a list
 * ({@code AggregateOperations.toList()}) summed after; see {@link WindowWorkloadBenchmark}.
 * {@code tidemarkAggregateParallelism1} sums the same windows with an {@code AggregateFunction}.
 *
 * <p>{@code java -jar benchmarks/target/benchmarks.jar WindowProcessBenchmark -prof gc}
 */
public class WindowProcessBenchmark extends WindowWorkloadBenchmark {

    /** How many windows each event belongs to: 1 is W1's tumbling second, more slide by a second. */
    @Param({"1", "2", "10"})
    public int windowsPerEvent;

    /** The same sums with an {@code AggregateFunction} and the function after it. */
    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public Result tidemarkAggregateParallelism1() throws InterruptedException {
        return check(WindowProcessJobs.tidemark(EVENTS, eventsPerMilli, 1, windowsPerEvent, true));
    }

    @Override
    protected Result baseline(long events, long eventsPerMilli) {
        return WindowProcessJobs.baseline(events, eventsPerMilli, windowsPerEvent);
    }

    @Override
    protected Result tidemark(long events, long eventsPerMilli, int parallelism) throws InterruptedException {
        return WindowProcessJobs.tidemark(events, eventsPerMilli, parallelism, windowsPerEvent, false);
    }

    @Override
    protected Result flink(long events, long eventsPerMilli, int parallelism) throws Exception {
        return FlinkJobs.windowProcess(events, eventsPerMilli, parallelism, windowsPerEvent);
    }

    @Override
    protected Result jet(JetJobs.Member jet, long events, long eventsPerMilli, int parallelism) {
        return JetJobs.windowProcess(jet.member, events, eventsPerMilli, parallelism, windowsPerEvent);
    }
}
