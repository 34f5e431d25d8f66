package dev.tidemark.benchmarks;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * W3 (keyBy, 5 s event-time session windows over bursty keys, count) in events per second: Tidemark, Apache Flink's
 * local execution and Hazelcast Jet embedded (one member), at parallelism 1 and 2, beside the
 * hand-written baseline, each run checked against the baseline's result count and checksum.
 *
 * <p>{@code java -jar benchmarks/target/benchmarks.jar SessionWindowBenchmark -prof gc}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
@Warmup(iterations = 2)
@Measurement(iterations = 3)
public class SessionWindowBenchmark {

    static final int EVENTS = 2_000_000;

    /** Events per millisecond of event time: 100 aggregates ~10 events per key and window; 1 gives ~1. */
    @Param({"100", "1"})
    public long eventsPerMilli;

    private Result expected;

    /** A Jet member, started only in the forks that measure Jet, so its threads compete with no one else. */
    @State(Scope.Benchmark)
    public static class JetMember {
        com.hazelcast.core.HazelcastInstance member;

        @Setup(Level.Trial)
        public void start() {
            member = JetJobs.startMember();
        }

        @org.openjdk.jmh.annotations.TearDown(Level.Trial)
        public void stop() {
            member.shutdown();
        }
    }

    @Setup(Level.Trial)
    public void computeExpected() {
        expected = SessionWindowJobs.baseline(EVENTS, eventsPerMilli);
    }

    private Result check(Result actual) {
        if (!actual.equals(expected)) {
            throw new IllegalStateException("results must match the baseline: expected=" + expected + ", actual=" + actual);
        }
        return actual;
    }

    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public Result baseline() {
        return check(SessionWindowJobs.baseline(EVENTS, eventsPerMilli));
    }

    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public Result tidemarkParallelism1() throws InterruptedException {
        return check(SessionWindowJobs.tidemark(EVENTS, eventsPerMilli, 1));
    }

    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public Result tidemarkParallelism2() throws InterruptedException {
        return check(SessionWindowJobs.tidemark(EVENTS, eventsPerMilli, 2));
    }

    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public Result jetParallelism1(JetMember jet) {
        return check(JetJobs.sessions(jet.member, EVENTS, eventsPerMilli, 1));
    }

    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public Result jetParallelism2(JetMember jet) {
        return check(JetJobs.sessions(jet.member, EVENTS, eventsPerMilli, 2));
    }

    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public Result flinkParallelism1() throws Exception {
        return check(FlinkJobs.sessions(EVENTS, eventsPerMilli, 1));
    }

    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public Result flinkParallelism2() throws Exception {
        return check(FlinkJobs.sessions(EVENTS, eventsPerMilli, 2));
    }
}
