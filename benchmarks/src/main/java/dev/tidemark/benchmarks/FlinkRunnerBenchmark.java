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
 * The same W1 pipeline (keyBy, 1 s tumbling event-time windows, your own {@code AggregateFunction}
 * and {@code ProcessWindowFunction}) embedded and through the Flink runner on Flink's kept mini
 * cluster, beside the job written natively against Flink's DataStream API: what moving a pipeline to
 * Flink costs on one machine, and what the runner's adapters cost on Flink. Every result is checked
 * against the loop's.
 *
 * <p>{@code java -jar benchmarks/target/benchmarks.jar FlinkRunnerBenchmark -prof gc}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
@Warmup(iterations = 2)
@Measurement(iterations = 3)
public class FlinkRunnerBenchmark {

    static final int EVENTS = 2_000_000;

    /** Events per millisecond of event time: 100 gives ~100 events per key and window, 1 about one. */
    @Param({"100", "1"})
    public long eventsPerMilli;

    private Result expected;

    @Setup(Level.Trial)
    public void computeExpected() {
        expected = TumblingWindowJobs.baseline(EVENTS, eventsPerMilli);
    }

    /** The pipeline embedded, as it runs without a cluster. */
    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public Result embedded() throws InterruptedException {
        return TumblingWindowJobs.tidemark(EVENTS, eventsPerMilli, 1).requireEqualTo(expected);
    }

    /** The same pipeline, translated by the Flink runner, on Flink. */
    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public Result throughFlinkRunner() throws Exception {
        return TumblingWindowJobs.throughFlinkRunner(EVENTS, eventsPerMilli, 1).requireEqualTo(expected);
    }

    /** The job written against Flink's own API, on the same cluster. */
    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public Result flinkNative() throws Exception {
        return FlinkJobs.tumbling(EVENTS, eventsPerMilli, 1).requireEqualTo(expected);
    }
}
