package dev.tidemark.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tidemark.api.DataStream;
import dev.tidemark.api.JobClient;
import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.api.functions.Collector;
import dev.tidemark.api.functions.ProcessJoinFunction;
import dev.tidemark.api.source.SequenceSource;
import dev.tidemark.checkpoint.ExactlyOnceRecoveryTest.Chaos;
import dev.tidemark.connectors.file.FileSink;
import dev.tidemark.eventtime.WatermarkStrategy;
import dev.tidemark.windowing.assigners.TumblingEventTimeWindows;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Crashes a checkpointed job with an interval join and a window join at seeded random points in the
 * join functions and lets it recover on its own, at parallelism 2: each join's committed output equals
 * the nested loop over the input, so the buffers, windows and timers of both survive every restart.
 */
class JoinRecoveryTest {

    private static final long EVENTS = 6_000;
    private static final int KEYS = 40;
    private static final long BOUND = 5; // ms either way: about 4 partners per left element

    /** Left element v: key v % 40, time v / 10; right element v: key (v * 7) % 40, time v / 10. */
    private static long leftKey(long v) {
        return v % KEYS;
    }

    private static long rightKey(long v) {
        return v * 7 % KEYS;
    }

    private static DataStream<Long> side(StreamExecutionEnvironment env) {
        return env.addSource(new SequenceSource(0, EVENTS - 1)).assignTimestampsAndWatermarks(WatermarkStrategy
                .<Long>forMonotonousTimestamps().withTimestampAssigner((v, previous) -> v / 10));
    }

    static final class CrashingPairs extends ProcessJoinFunction<Long, Long, String> {
        @Override
        public void processElement(Long left, Long right, Context ctx, Collector<String> out) {
            Chaos.maybeCrash("interval join");
            out.collect(left + "," + right + "," + ctx.getTimestamp());
        }
    }

    private static JobClient start(Path dir) {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create().setParallelism(2);
        env.enableCheckpointing(Duration.ofMillis(10), dir.resolve("checkpoints"));
        env.getCheckpointConfig().setRestartStrategy(RestartStrategy.fixedDelay(5_000, Duration.ZERO));
        DataStream<Long> left = side(env);
        DataStream<Long> right = side(env);
        left.keyBy(JoinRecoveryTest::leftKey)
                .intervalJoin(right.keyBy(JoinRecoveryTest::rightKey))
                .between(Duration.ofMillis(-BOUND), Duration.ofMillis(BOUND))
                .process(new CrashingPairs())
                .addSink(new FileSink<>(dir.resolve("interval").toString(), s -> s, 4096));
        left.join(right).where(JoinRecoveryTest::leftKey).equalTo(JoinRecoveryTest::rightKey)
                .window(TumblingEventTimeWindows.of(Duration.ofMillis(20)))
                .apply((l, r) -> {
                    Chaos.maybeCrash("window join");
                    return l + "," + r;
                })
                .addSink(new FileSink<>(dir.resolve("window").toString(), s -> s, 4096));
        return env.executeAsync("joins under crashes");
    }

    @Test
    void crashesInBothJoins_committedOutputEqualsTheNestedLoops(@TempDir Path dir) throws Exception {
        List<String> interval = new ArrayList<>();
        List<String> window = new ArrayList<>();
        for (long l = 0; l < EVENTS; l++) {
            for (long r = 0; r < EVENTS; r++) {
                if (leftKey(l) == rightKey(r) && Math.abs(r / 10 - l / 10) <= BOUND) {
                    interval.add(l + "," + r + "," + Math.max(l / 10, r / 10));
                }
                if (leftKey(l) == rightKey(r) && l / 10 / 20 == r / 10 / 20) {
                    window.add(l + "," + r);
                }
            }
        }
        Chaos.arm(99, 20, (interval.size() + window.size()) / 2);
        JobClient job = start(dir);
        job.await(Duration.ofMinutes(5));

        assertThat(CommittedParts.read(dir.resolve("interval"))).containsExactlyInAnyOrderElementsOf(interval);
        assertThat(CommittedParts.read(dir.resolve("window"))).containsExactlyInAnyOrderElementsOf(window);
        assertThat(Chaos.THROWN.get()).as("crashes injected").isGreaterThanOrEqualTo(10);
        assertThat(job.metrics().getOrDefault("joins under crashes.numRestarts", 0L)).isPositive();
    }
}
