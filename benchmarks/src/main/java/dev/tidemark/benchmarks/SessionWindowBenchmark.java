package dev.tidemark.benchmarks;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OperationsPerInvocation;

/**
 * W3 (keyBy, 5 s event-time session windows over keys that arrive in bursts, count) on every engine against the loop; see {@link WindowWorkloadBenchmark}.
 *
 * <p>Besides them, Tidemark keyed by a {@code LongKeySelector} ({@code tidemarkLongKeys*}).
 *
 * <p>{@code java -jar benchmarks/target/benchmarks.jar SessionWindowBenchmark -prof gc}
 */
public class SessionWindowBenchmark extends WindowWorkloadBenchmark {

    /** Tidemark keyed by a {@code LongKeySelector}, which finds a key's sessions without boxing it. */
    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public Result tidemarkLongKeysParallelism1() throws InterruptedException {
        return check(SessionWindowJobs.tidemarkLongKeys(EVENTS, eventsPerMilli, 1));
    }

    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public Result tidemarkLongKeysParallelism2() throws InterruptedException {
        return check(SessionWindowJobs.tidemarkLongKeys(EVENTS, eventsPerMilli, 2));
    }

    @Override
    protected Result baseline(long events, long eventsPerMilli) {
        return SessionWindowJobs.baseline(events, eventsPerMilli);
    }

    @Override
    protected Result tidemark(long events, long eventsPerMilli, int parallelism) throws InterruptedException {
        return SessionWindowJobs.tidemark(events, eventsPerMilli, parallelism);
    }

    @Override
    protected Result flink(long events, long eventsPerMilli, int parallelism) throws Exception {
        return FlinkJobs.sessions(events, eventsPerMilli, parallelism);
    }

    @Override
    protected Result jet(JetJobs.Member jet, long events, long eventsPerMilli, int parallelism) {
        return JetJobs.sessions(jet.member, events, eventsPerMilli, parallelism);
    }
}
