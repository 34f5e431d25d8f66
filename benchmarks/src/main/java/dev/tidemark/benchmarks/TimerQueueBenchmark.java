package dev.tidemark.benchmarks;

import dev.tidemark.runtime.timers.TimerQueue;
import java.util.HashSet;
import java.util.PriorityQueue;
import java.util.Set;
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
 * The timer queue (deduplicating, with an index for delete) against what one would write without it:
 * a {@code PriorityQueue} plus a {@code HashSet} for deduplication. Per operation: register 100,000
 * timers of 10,000 keys (with duplicates, as windows register one timer per element), delete a tenth,
 * then poll all in order; at nearly distinct timestamps and at a few shared ones (window ends).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 2, time = 3)
@Measurement(iterations = 3, time = 5)
public class TimerQueueBenchmark {

    static final int TIMERS = 100_000;

    private long[] keys;
    private long[] times;

    /** What a timer is without Tidemark's heap: a record, equal by value. */
    record Timer(Long key, String namespace, long timestamp) {}

    /**
     * {@code distinct}: timers at nearly distinct timestamps (a timer per element); {@code windowEnds}:
     * every key's timers at the same few instants (window ends), half of them duplicates.
     */
    @Param({"distinct", "windowEnds"})
    public String timestamps;

    @Setup(Level.Trial)
    public void setUp() {
        keys = new long[TIMERS];
        times = new long[TIMERS];
        for (int i = 0; i < TIMERS; i++) {
            keys[i] = (i * 7919L) % 10_000;
            times[i] = timestamps.equals("distinct")
                    ? (i / 3) * 10L + keys[i] % 7 // every element's timer comes about three times
                    : (i / 20_000) * 1_000L + 999; // five window ends, each key registering twice per window
        }
    }

    @Benchmark
    @OperationsPerInvocation(TIMERS)
    public long timerQueue() {
        TimerQueue<Long, String> queue = new TimerQueue<>();
        for (int i = 0; i < TIMERS; i++) {
            queue.add(keys[i], "w", times[i]);
        }
        for (int i = 0; i < TIMERS; i += 10) {
            queue.remove(keys[i], "w", times[i]);
        }
        long sum = 0;
        while (queue.pollUpTo(Long.MAX_VALUE)) {
            sum += queue.polledTimestamp();
        }
        return sum;
    }

    @Benchmark
    @OperationsPerInvocation(TIMERS)
    public long priorityQueueAndHashSet() {
        PriorityQueue<Timer> queue = new PriorityQueue<>((a, b) -> Long.compare(a.timestamp(), b.timestamp()));
        Set<Timer> present = new HashSet<>();
        for (int i = 0; i < TIMERS; i++) {
            Timer timer = new Timer(keys[i], "w", times[i]);
            if (present.add(timer)) {
                queue.add(timer);
            }
        }
        for (int i = 0; i < TIMERS; i += 10) {
            Timer timer = new Timer(keys[i], "w", times[i]);
            if (present.remove(timer)) {
                queue.remove(timer); // linear: PriorityQueue has no index
            }
        }
        long sum = 0;
        Timer t;
        while ((t = queue.poll()) != null) {
            present.remove(t);
            sum += t.timestamp();
        }
        return sum;
    }
}
