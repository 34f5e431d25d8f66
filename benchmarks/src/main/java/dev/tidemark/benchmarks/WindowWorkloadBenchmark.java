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
 * A windowed workload in events per second on every engine: Tidemark, Apache Flink's local execution
 * and Hazelcast Jet embedded (one member), at parallelism 1 and 2, beside the loop, each run checked
 * against the loop's result count and checksum. A subclass names the workload's four implementations;
 * JMH generates the benchmarks for each subclass.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
@Warmup(iterations = 2)
@Measurement(iterations = 3)
public abstract class WindowWorkloadBenchmark {

    static final int EVENTS = 2_000_000;

    /** Events per millisecond of event time: 100 aggregates ~10 events per key and second; 1 gives ~1. */
    @Param({"100", "1"})
    public long eventsPerMilli;

    /**
     * How keys follow each other ({@link Events#useKeyOrder}): {@code cyclic} (the default, every key
     * once per 10,000 events in the same order), {@code random} ({@code -p keyOrder=random}) or
     * {@code sparseFirst} (a fifth of the events of keys never seen again, then the cycle).
     */
    @Param({"cyclic"})
    public String keyOrder;

    private Result expected;

    protected abstract Result baseline(long events, long eventsPerMilli);

    protected abstract Result tidemark(long events, long eventsPerMilli, int parallelism) throws InterruptedException;

    protected abstract Result flink(long events, long eventsPerMilli, int parallelism) throws Exception;

    protected abstract Result jet(JetJobs.Member jet, long events, long eventsPerMilli, int parallelism);

    @Setup(Level.Trial)
    public void computeExpected() {
        Events.useKeyOrder(keyOrder);
        expected = baseline(EVENTS, eventsPerMilli);
    }

    protected final Result check(Result actual) {
        return actual.requireEqualTo(expected);
    }

    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public Result baseline() {
        return check(baseline(EVENTS, eventsPerMilli));
    }

    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public Result tidemarkParallelism1() throws InterruptedException {
        return check(tidemark(EVENTS, eventsPerMilli, 1));
    }

    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public Result tidemarkParallelism2() throws InterruptedException {
        return check(tidemark(EVENTS, eventsPerMilli, 2));
    }

    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public Result jetParallelism1(JetJobs.Member jet) {
        return check(jet(jet, EVENTS, eventsPerMilli, 1));
    }

    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public Result jetParallelism2(JetJobs.Member jet) {
        return check(jet(jet, EVENTS, eventsPerMilli, 2));
    }

    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public Result flinkParallelism1() throws Exception {
        return check(flink(EVENTS, eventsPerMilli, 1));
    }

    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public Result flinkParallelism2() throws Exception {
        return check(flink(EVENTS, eventsPerMilli, 2));
    }
}
