package dev.tidemark.benchmarks;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.Setup;

/**
 * W1 (keyBy, 1 s tumbling event-time windows, sum) on every engine against the loop; see {@link WindowWorkloadBenchmark}.
 *
 * <p>Besides them, Tidemark keyed by a {@code LongKeySelector} ({@code tidemarkLongKeys*}), and two
 * independent jobs at parallelism 1 side by side ({@code tidemarkSideBySideParallelism1}), which shows
 * what the machine gives parallelism 2 at most.
 *
 * <p>{@code java -jar benchmarks/target/benchmarks.jar TumblingWindowBenchmark -prof gc}
 */
public class TumblingWindowBenchmark extends WindowWorkloadBenchmark {

    private Result expectedHalves;

    /**
     * The same job from the library's {@code DataGeneratorSource} (as Flink 2 code writes a generator),
     * which emits without a lock per element, where the other rows' source is a {@code SourceFunction}.
     */
    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public Result tidemarkDataGeneratorParallelism1() throws InterruptedException {
        return check(TumblingWindowJobs.tidemarkFromDataGenerator(EVENTS, eventsPerMilli, 1));
    }

    /** Tidemark keyed by a {@code LongKeySelector}, which hands the key over unboxed. */
    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public Result tidemarkLongKeysParallelism1() throws InterruptedException {
        return check(TumblingWindowJobs.tidemarkLongKeys(EVENTS, eventsPerMilli, 1));
    }

    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public Result tidemarkLongKeysParallelism2() throws InterruptedException {
        return check(TumblingWindowJobs.tidemarkLongKeys(EVENTS, eventsPerMilli, 2));
    }

    /**
     * Two independent W1 jobs at parallelism 1, on the even and the odd events, at once: what the
     * machine gives two threads that share nothing, the ceiling for {@code tidemarkParallelism2}.
     */
    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public Result tidemarkSideBySideParallelism1() throws InterruptedException {
        return TumblingWindowJobs.tidemarkSideBySide(EVENTS, eventsPerMilli).requireEqualTo(expectedHalves);
    }

    /** What the two halves of {@link #tidemarkSideBySideParallelism1} give together. */
    @Setup(Level.Trial)
    public void computeExpectedHalves() {
        Result even = TumblingWindowJobs.baseline(EVENTS, eventsPerMilli, 0, 2);
        Result odd = TumblingWindowJobs.baseline(EVENTS, eventsPerMilli, 1, 2);
        expectedHalves = new Result(even.count() + odd.count(), even.checksum() + odd.checksum());
    }

    @Override
    protected Result baseline(long events, long eventsPerMilli) {
        return TumblingWindowJobs.baseline(events, eventsPerMilli);
    }

    @Override
    protected Result tidemark(long events, long eventsPerMilli, int parallelism) throws InterruptedException {
        return TumblingWindowJobs.tidemark(events, eventsPerMilli, parallelism);
    }

    @Override
    protected Result flink(long events, long eventsPerMilli, int parallelism) throws Exception {
        return FlinkJobs.tumbling(events, eventsPerMilli, parallelism);
    }

    @Override
    protected Result jet(JetJobs.Member jet, long events, long eventsPerMilli, int parallelism) {
        return JetJobs.tumbling(jet.member, events, eventsPerMilli, parallelism);
    }
}
