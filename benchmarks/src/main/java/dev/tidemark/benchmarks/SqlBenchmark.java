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
 * W1 (1 s tumbling windows summed per key) as a SQL TUMBLE aggregation ({@link SqlJobs}), and with
 * more windows per event the same sums in HOP windows sliding by 1 s, beside the same job in the
 * DataStream API, as a user writes it, the same query on Flink 1.20's SQL (on the kept mini
 * cluster), and the loop, in events per second at parallelism 1; every run checked against the
 * loop's count and checksum.
 *
 * <p>{@code java -jar benchmarks/target/benchmarks.jar SqlBenchmark -prof gc}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
@Warmup(iterations = 2)
@Measurement(iterations = 3)
public class SqlBenchmark {

    static final int EVENTS = 2_000_000;

    @Param({"100", "1"})
    public long eventsPerMilli;

    @Param({"1", "10"})
    public int windowsPerEvent;

    private Result expected;

    @Setup(Level.Trial)
    public void computeExpected() {
        expected = baselineResult();
    }

    private Result baselineResult() {
        return windowsPerEvent == 1 ? TumblingWindowJobs.baseline(EVENTS, eventsPerMilli)
                : SlidingWindowJobs.baselineSum(EVENTS, eventsPerMilli, windowsPerEvent);
    }

    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public Result baseline() {
        return baselineResult().requireEqualTo(expected);
    }

    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public Result dataStream() throws InterruptedException {
        Result result = windowsPerEvent == 1 ? TumblingWindowJobs.tidemark(EVENTS, eventsPerMilli, 1)
                : SlidingWindowJobs.tidemarkSum(EVENTS, eventsPerMilli, 1, false, windowsPerEvent);
        return result.requireEqualTo(expected);
    }

    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public Result sql() throws InterruptedException {
        return SqlJobs.windows(EVENTS, eventsPerMilli, 1, windowsPerEvent).requireEqualTo(expected);
    }

    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public Result flinkSql() throws Exception {
        return FlinkSqlJobs.windows(EVENTS, eventsPerMilli, 1, windowsPerEvent).requireEqualTo(expected);
    }
}
