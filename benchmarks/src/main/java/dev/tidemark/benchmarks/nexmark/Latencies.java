package dev.tidemark.benchmarks.nexmark;

import java.util.Arrays;

/**
 * The latencies of a rate-limited run's results, across the sink instances in this JVM: a result's
 * latency is the wall time from when the source was due to emit an event of the result's timestamp
 * (event time runs at the wall-clock rate, so that is {@code timestamp - baseTime} after event 0
 * was due) to when the result reached the sink. A window's result has its window's last
 * millisecond as its timestamp, so its latency includes the watermark's 4 s lag, as a user's does.
 * Recording ends when the first source instance has emitted its last event: after that, the end of
 * the input fires every window at once, before its time.
 */
final class Latencies {

    private static volatile boolean recording;
    private static long baseTime;
    private static long[] nanos = new long[0]; // guarded by the class
    private static int size; // guarded by the class

    private Latencies() {}

    /** Starts recording a run whose event time starts at {@code baseTime}. */
    static synchronized void start(long eventBaseTime) {
        baseTime = eventBaseTime;
        nanos = new long[1 << 20];
        size = 0;
        recording = true;
    }

    /** Stops recording and returns the latencies seen, sorted, in nanoseconds. */
    static synchronized long[] stop() {
        recording = false;
        long[] seen = Arrays.copyOf(nanos, size);
        Arrays.sort(seen);
        return seen;
    }

    /** A source instance has emitted its last event: results from now on are the input's end, not its pace. */
    static void sourceFinished() {
        recording = false;
    }

    /** Whether a run is being recorded: a sink that works a result's time out need not otherwise. */
    static boolean recording() {
        return recording;
    }

    /** A result of {@code timestamp} has arrived, if a run is being recorded. */
    static void record(long timestamp) {
        if (recording && timestamp != Long.MIN_VALUE) {
            long now = System.nanoTime();
            add(now - WallClock.origin() - (timestamp - baseTime) * 1_000_000L);
        }
    }

    private static synchronized void add(long latency) {
        if (size == nanos.length) {
            nanos = Arrays.copyOf(nanos, size * 2);
        }
        nanos[size++] = latency;
    }

    /** The {@code p}-th percentile (0 to 100) of sorted latencies, in milliseconds. */
    static double percentileMillis(long[] sorted, double p) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        int at = (int) Math.min(sorted.length - 1, Math.ceil(p / 100 * sorted.length) - 1);
        return sorted[Math.max(0, at)] / 1e6;
    }
}
