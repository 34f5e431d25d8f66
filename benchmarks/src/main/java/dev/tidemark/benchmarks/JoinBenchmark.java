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
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * W5 (joins of two streams, see {@link JoinJobs}) in input events per second, both sides counted:
 * the interval join and the window join on Tidemark as a user writes them, on Apache Flink's local
 * execution (a kept mini cluster) and, for the window join, on Hazelcast Jet, beside the loop; every
 * run is checked against the loop's pair count and checksum. At parallelism 1.
 *
 * <p>{@code java -jar benchmarks/target/benchmarks.jar JoinBenchmark -prof gc}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
@Warmup(iterations = 2)
@Measurement(iterations = 3)
public class JoinBenchmark {

    static final int EVENTS = 2_000_000;
    static final long EVENTS_PER_MILLI = 100;

    private Result intervalPairs;
    private Result windowPairs;

    @Setup(Level.Trial)
    public void computeExpected() {
        intervalPairs = JoinJobs.intervalBaseline(EVENTS, EVENTS_PER_MILLI);
        windowPairs = JoinJobs.windowBaseline(EVENTS, EVENTS_PER_MILLI);
    }

    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public Result intervalBaseline() {
        return JoinJobs.intervalBaseline(EVENTS, EVENTS_PER_MILLI).requireEqualTo(intervalPairs);
    }

    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public Result intervalTidemark() throws InterruptedException {
        return JoinJobs.intervalJoin(EVENTS, EVENTS_PER_MILLI, 1).requireEqualTo(intervalPairs);
    }

    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public Result intervalFlink() throws Exception {
        return FlinkJoinJobs.intervalJoin(EVENTS, EVENTS_PER_MILLI, 1).requireEqualTo(intervalPairs);
    }

    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public Result windowBaseline() {
        return JoinJobs.windowBaseline(EVENTS, EVENTS_PER_MILLI).requireEqualTo(windowPairs);
    }

    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public Result windowTidemark() throws InterruptedException {
        return JoinJobs.windowJoin(EVENTS, EVENTS_PER_MILLI, 1).requireEqualTo(windowPairs);
    }

    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public Result windowFlink() throws Exception {
        return FlinkJoinJobs.windowJoin(EVENTS, EVENTS_PER_MILLI, 1).requireEqualTo(windowPairs);
    }

    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public Result windowJet(JetJobs.Member jet) {
        return JetJobs.windowJoin(jet.member, EVENTS, EVENTS_PER_MILLI, 1).requireEqualTo(windowPairs);
    }
}
