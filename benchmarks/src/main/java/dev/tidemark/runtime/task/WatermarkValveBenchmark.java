package dev.tidemark.runtime.task;

import dev.tidemark.eventtime.Watermark;
import dev.tidemark.runtime.operators.WatermarkStatus;
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
 * Combining channel watermarks by minimum: the valve (status, idleness, forward-on-advance) against
 * a plain minimum over an array, per incoming watermark, channels advancing round robin.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1)
@Warmup(iterations = 2, time = 3)
@Measurement(iterations = 3, time = 5)
public class WatermarkValveBenchmark {

    static final int WATERMARKS = 10_000;

    @Param({"2", "16"})
    public int channels;

    private Watermark[] marks;
    private long forwarded;

    @Setup(Level.Trial)
    public void setUp() {
        marks = new Watermark[WATERMARKS];
        for (int i = 0; i < WATERMARKS; i++) {
            marks[i] = new Watermark(i * 10L);
        }
    }

    @Benchmark
    @OperationsPerInvocation(WATERMARKS)
    public long valve() throws Exception {
        forwarded = 0;
        WatermarkValve valve = new WatermarkValve(channels, new WatermarkValve.Listener() {
            @Override
            public void onWatermark(Watermark watermark) {
                forwarded += watermark.timestamp();
            }

            @Override
            public void onStatus(WatermarkStatus status) {}
        }, () -> 0L);
        for (int i = 0; i < WATERMARKS; i++) {
            valve.inputWatermark(i % channels, marks[i]);
        }
        return forwarded;
    }

    @Benchmark
    @OperationsPerInvocation(WATERMARKS)
    public long minimumOverArray() {
        long[] last = new long[channels];
        java.util.Arrays.fill(last, Long.MIN_VALUE);
        long current = Long.MIN_VALUE;
        long total = 0;
        for (int i = 0; i < WATERMARKS; i++) {
            last[i % channels] = marks[i].timestamp();
            long min = Long.MAX_VALUE;
            for (long w : last) {
                min = Math.min(min, w);
            }
            if (min > current) {
                current = min;
                total += min;
            }
        }
        return total;
    }
}
