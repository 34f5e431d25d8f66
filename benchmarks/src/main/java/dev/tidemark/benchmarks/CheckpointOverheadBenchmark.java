package dev.tidemark.benchmarks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The cost of checkpointing: W1 (keyBy, 1 s tumbling windows, sum) on Tidemark with a checkpoint
 * every second (source positions, window state and timers written to disk) beside the same job
 * without checkpoints, in the same run, both checked against the hand-written baseline's result.
 * 10 M events, so a run spans several checkpoints.
 *
 * <p>{@code java -jar benchmarks/target/benchmarks.jar CheckpointOverheadBenchmark}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
@Warmup(iterations = 1)
@Measurement(iterations = 3)
public class CheckpointOverheadBenchmark {

    static final int EVENTS = 10_000_000;

    @Param({"100"})
    public long eventsPerMilli;

    @Param({"1"})
    public int parallelism;

    private Result expected;
    private Path checkpoints;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        expected = TumblingWindowJobs.baseline(EVENTS, eventsPerMilli);
        checkpoints = Files.createTempDirectory("tidemark-checkpoint-benchmark");
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        try (Stream<Path> files = Files.walk(checkpoints)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    private Result check(Result actual) {
        return actual.requireEqualTo(expected);
    }

    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public Result withoutCheckpoints() throws InterruptedException {
        return check(TumblingWindowJobs.tidemark(EVENTS, eventsPerMilli, parallelism, null));
    }

    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public Result checkpointEverySecond() throws InterruptedException {
        return check(TumblingWindowJobs.tidemark(EVENTS, eventsPerMilli, parallelism, checkpoints));
    }
}
