package dev.tidemark.benchmarks;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Start-up cost: the wall time of a 1,000-event job (W0: map, filter, counting sink) from creating
 * the environment to {@code execute()} returning, on Tidemark and on Flink's local environment.
 * The default measures a warm JVM (the cost of every further job); for the first job in a fresh JVM
 * run {@code -bm ss -f 10 -wi 0 -i 1}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1)
@Warmup(iterations = 2, time = 3)
@Measurement(iterations = 3, time = 5)
public class StartupBenchmark {

    static final int EVENTS = 1_000;
    private static final Result EXPECTED = StatelessJobs.baseline(EVENTS);

    private static Result check(Result actual) {
        return actual.requireEqualTo(EXPECTED);
    }

    @Benchmark
    public Result tidemark() throws InterruptedException {
        return check(StatelessJobs.tidemark(EVENTS, 1));
    }

    @Benchmark
    public Result flink() throws Exception {
        return check(StatelessJobs.flink(EVENTS, 1));
    }
}
