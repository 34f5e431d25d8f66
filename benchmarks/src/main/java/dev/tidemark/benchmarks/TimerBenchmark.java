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
 * W4 (a keyed process function registering one event-time timer per element) in events per second:
 * Tidemark and Apache Flink's local execution at parallelism 1 and 2, beside the loop, each checked
 * against the loop's result count and checksum. Jet has no per-key timers, see {@link TimerJobs}.
 * With {@code keyedState}, the function also counts each key's elements in a {@code ValueState}, a
 * read and a write per element, as most keyed process functions do (the loop in a map).
 *
 * <p>{@code java -jar benchmarks/target/benchmarks.jar TimerBenchmark -prof gc}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
@Warmup(iterations = 2)
@Measurement(iterations = 3)
public class TimerBenchmark {

    static final int EVENTS = 2_000_000;

    @Param({"100", "1"})
    public long eventsPerMilli;

    /** Whether the function also reads and writes a {@code ValueState} per element. */
    @Param({"false", "true"})
    public boolean keyedState;

    private Result expected;

    @Setup(Level.Trial)
    public void computeExpected() {
        expected = TimerJobs.baseline(EVENTS, eventsPerMilli, keyedState);
    }

    private Result check(Result actual) {
        return actual.requireEqualTo(expected);
    }

    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public Result baseline() {
        return check(TimerJobs.baseline(EVENTS, eventsPerMilli, keyedState));
    }

    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public Result tidemarkParallelism1() throws InterruptedException {
        return check(TimerJobs.tidemark(EVENTS, eventsPerMilli, 1, keyedState));
    }

    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public Result tidemarkParallelism2() throws InterruptedException {
        return check(TimerJobs.tidemark(EVENTS, eventsPerMilli, 2, keyedState));
    }

    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public Result flinkParallelism1() throws Exception {
        return check(FlinkJobs.timers(EVENTS, eventsPerMilli, 1, keyedState));
    }

    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public Result flinkParallelism2() throws Exception {
        return check(FlinkJobs.timers(EVENTS, eventsPerMilli, 2, keyedState));
    }
}
