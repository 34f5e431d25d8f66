package dev.tidemark.benchmarks;

import dev.tidemark.windowing.assigners.SlidingEventTimeWindows;
import dev.tidemark.windowing.assigners.TumblingEventTimeWindows;
import dev.tidemark.windowing.assigners.WindowAssigner;
import dev.tidemark.windowing.windows.TimeWindow;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Window assignment per element: Tidemark's tumbling (1 s) and sliding (10 s by 1 s) assigners
 * against the arithmetic a hand-written loop does (the window start), over 1,000 timestamps.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1)
@Warmup(iterations = 2, time = 3)
@Measurement(iterations = 3, time = 5)
public class WindowAssignmentBenchmark {

    static final int ELEMENTS = 1_000;

    private final WindowAssigner<Object, TimeWindow> tumbling = TumblingEventTimeWindows.of(Duration.ofSeconds(1));
    private final WindowAssigner<Object, TimeWindow> sliding =
            SlidingEventTimeWindows.of(Duration.ofSeconds(10), Duration.ofSeconds(1));
    private long sum;
    private final WindowAssigner.WindowCollector<TimeWindow> collector = w -> sum += w.start();

    @Benchmark
    @OperationsPerInvocation(ELEMENTS)
    public long tumbling() {
        sum = 0;
        for (long ts = 1_700_000_000_000L; ts < 1_700_000_000_000L + ELEMENTS * 37L; ts += 37) {
            tumbling.assignWindows(null, ts, null, collector);
        }
        return sum;
    }

    @Benchmark
    @OperationsPerInvocation(ELEMENTS)
    public long sliding() {
        sum = 0;
        for (long ts = 1_700_000_000_000L; ts < 1_700_000_000_000L + ELEMENTS * 37L; ts += 37) {
            sliding.assignWindows(null, ts, null, collector);
        }
        return sum;
    }

    @Benchmark
    @OperationsPerInvocation(ELEMENTS)
    public long tumblingArithmetic() {
        long total = 0;
        for (long ts = 1_700_000_000_000L; ts < 1_700_000_000_000L + ELEMENTS * 37L; ts += 37) {
            total += ts - Math.floorMod(ts, 1_000L);
        }
        return total;
    }
}
