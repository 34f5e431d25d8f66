package dev.tidemark.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tidemark.api.JobClient;
import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.api.functions.MapFunction;
import dev.tidemark.api.source.SequenceSource;
import dev.tidemark.connectors.file.FileSink;
import dev.tidemark.eventtime.WatermarkStrategy;
import dev.tidemark.windowing.assigners.TumblingEventTimeWindows;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Crashes a checkpointed job at seeded random points (in a user function, in a window function, in
 * the sink) and lets it recover on its own: the committed output must equal a failure-free run's.
 */
class ExactlyOnceRecoveryTest {

    private static final int KEYS = 100;

    /** Where the injected crashes fall, as counts of calls to {@link #maybeCrash}; shared by every copy. */
    static final class Chaos {
        static volatile long[] crashAt = new long[0];
        static final AtomicLong CALLS = new AtomicLong();
        static final AtomicLong THROWN = new AtomicLong();

        static void arm(long seed, int crashes, long spread) {
            Random random = new Random(seed);
            crashAt = random.longs(crashes, 1, spread).sorted().distinct().toArray();
            CALLS.set(0);
            THROWN.set(0);
        }

        static void maybeCrash(String where) {
            long call = CALLS.incrementAndGet();
            if (Arrays.binarySearch(crashAt, call) >= 0) {
                THROWN.incrementAndGet();
                throw new IllegalStateException("injected crash in " + where + " at call " + call);
            }
        }
    }

    static final class CrashingMap implements MapFunction<Long, Long> {
        @Override
        public Long map(Long value) {
            Chaos.maybeCrash("map");
            return value;
        }
    }

    static String encode(Long[] keyEndSum) {
        Chaos.maybeCrash("sink");
        return keyEndSum[0] + "," + keyEndSum[1] + "," + keyEndSum[2];
    }

    /** Event i: key i % 100, value i, timestamp i / 10 ms; 100 ms tumbling windows summed per key. */
    private static JobClient start(Path checkpoints, Path output, long events, int parallelism) {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create();
        env.setParallelism(parallelism);
        env.enableCheckpointing(Duration.ofMillis(10), checkpoints);
        env.getCheckpointConfig().setRestartStrategy(RestartStrategy.fixedDelay(5_000, Duration.ZERO));
        env.addSource(new SequenceSource(0, events - 1))
                .assignTimestampsAndWatermarks(WatermarkStrategy.<Long>forMonotonousTimestamps()
                        .withTimestampAssigner((value, previous) -> value / 10))
                .map(new CrashingMap())
                .map(v -> new Long[] {v % KEYS, 0L, v})
                .keyBy(a -> a[0])
                .window(TumblingEventTimeWindows.of(Duration.ofMillis(100)))
                .reduce((a, b) -> {
                    Chaos.maybeCrash("window");
                    return new Long[] {a[0], 0L, a[2] + b[2]};
                }, new dev.tidemark.api.functions.ProcessWindowFunction<Long[], Long[], Long,
                        dev.tidemark.windowing.windows.TimeWindow>() {
                    @Override
                    public void process(Long key, Context context, Iterable<Long[]> sums,
                            dev.tidemark.api.functions.Collector<Long[]> out) {
                        Long[] sum = sums.iterator().next();
                        out.collect(new Long[] {key, context.window().end(), sum[2]});
                    }
                })
                .addSink(new FileSink<>(output.toString(), ExactlyOnceRecoveryTest::encode, 4096));
        return env.executeAsync("exactly-once under crashes");
    }

    private static List<String> expected(long events) {
        Map<String, Long> sums = new TreeMap<>();
        for (long i = 0; i < events; i++) {
            long end = (i / 10) / 100 * 100 + 100;
            sums.merge((i % KEYS) + "," + end, i, Long::sum);
        }
        List<String> lines = new ArrayList<>();
        sums.forEach((keyEnd, sum) -> lines.add(keyEnd + "," + sum));
        return lines.stream().sorted().toList();
    }


    private void crashAndRecover(Path dir, long seed, int crashes, long events) throws Exception {
        Path output = dir.resolve("out");
        // calls ≈ events (map) + events (window reduce) + results (sink), plus what replays add
        Chaos.arm(seed, crashes, events * 2);
        JobClient job = start(dir.resolve("checkpoints"), output, events, 2);
        job.await(Duration.ofMinutes(5));

        assertThat(CommittedParts.read(output)).isEqualTo(expected(events));
        assertThat(Chaos.THROWN.get()).as("crashes injected").isGreaterThanOrEqualTo(crashes / 2);
        Map<String, Long> metrics = job.metrics();
        assertThat(metrics.getOrDefault("exactly-once under crashes.numRestarts", 0L))
                .as("a restart per failed attempt").isBetween(crashes == 0 ? 0L : 1L, (long) crashes);
        assertThat(metrics.get("exactly-once under crashes.numberOfCompletedCheckpoints"))
                .as("checkpoints completed, the final one included").isPositive();
    }

    @Test
    void fiftyCrashes_committedOutputEqualsAFailureFreeRun(@TempDir Path dir) throws Exception {
        crashAndRecover(dir, 42, 50, 200_000);
    }

    @Test
    void withoutCrashes_theSameOutput(@TempDir Path dir) throws Exception {
        crashAndRecover(dir, 7, 0, 50_000);
    }

    @Test
    @Tag("slow")
    void aThousandCrashes_committedOutputEqualsAFailureFreeRun(@TempDir Path dir) throws Exception {
        crashAndRecover(dir, 1234, 1_000, 2_000_000);
    }
}
