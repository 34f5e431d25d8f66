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
 * W0 (map, filter, counting sink) in events per second on every engine, checked against the loop.
 *
 * <p>{@code java -jar benchmarks/target/benchmarks.jar StatelessBenchmark -prof gc}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
@Warmup(iterations = 2)
@Measurement(iterations = 3)
public class StatelessBenchmark {

    static final int EVENTS = 5_000_000;

    private Result expected;

    @Setup(Level.Trial)
    public void computeExpected() {
        expected = StatelessJobs.baseline(EVENTS);
    }

    private Result check(Result actual) {
        return actual.requireEqualTo(expected);
    }

    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public Result baseline() {
        return check(StatelessJobs.baseline(EVENTS));
    }

    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public Result tidemarkParallelism1() throws InterruptedException {
        return check(StatelessJobs.tidemark(EVENTS, 1));
    }

    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public Result tidemarkParallelism2() throws InterruptedException {
        return check(StatelessJobs.tidemark(EVENTS, 2));
    }

    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public Result flinkParallelism1() throws Exception {
        return check(StatelessJobs.flinkOnKeptCluster(EVENTS, 1));
    }

    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public Result flinkParallelism2() throws Exception {
        return check(StatelessJobs.flinkOnKeptCluster(EVENTS, 2));
    }

    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public Result jetParallelism1(JetJobs.Member jet) {
        return check(StatelessJobs.jet(jet.member, EVENTS, 1));
    }

    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public Result jetParallelism2(JetJobs.Member jet) {
        return check(StatelessJobs.jet(jet.member, EVENTS, 2));
    }
}
