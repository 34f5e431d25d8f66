package dev.tidemark.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tidemark.api.JobClient;
import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.api.source.SourceFunction;
import dev.tidemark.connectors.file.FileSink;
import dev.tidemark.eventtime.WatermarkStrategy;
import dev.tidemark.state.ListState;
import dev.tidemark.state.ListStateDescriptor;
import dev.tidemark.windowing.assigners.EventTimeSessionWindows;
import dev.tidemark.windowing.assigners.TumblingEventTimeWindows;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CancellationException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A savepoint taken at one parallelism restores at another with the same results as one run. */
class SavepointRescaleTest {

    private static final long EVENTS = 20_000;
    private static final int KEYS = 50;

    /** Emits 0..EVENTS-1 (timestamp i / 4); waits half way until released. Its position is checkpointed. */
    static final class PausingSource implements SourceFunction<Long>, CheckpointedFunction {
        static volatile java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(0);
        static volatile java.util.concurrent.CountDownLatch paused = new java.util.concurrent.CountDownLatch(1);
        private volatile boolean running = true;
        private transient ListState<Long> positionState;
        private long position;

        @Override
        public void initializeState(FunctionInitializationContext context) {
            positionState = context.getOperatorStateStore().getListState(new ListStateDescriptor<>("position", Long.class));
            positionState.get().forEach(p -> position = p);
        }

        @Override
        public void snapshotState(FunctionSnapshotContext context) {
            positionState.update(List.of(position));
        }

        @Override
        public void run(SourceContext<Long> ctx) throws InterruptedException {
            while (position < EVENTS && running) {
                if (position == EVENTS / 2 && release.getCount() > 0) {
                    paused.countDown();
                    release.await(10, TimeUnit.MILLISECONDS); // outside the checkpoint lock: a savepoint can be taken
                    continue;
                }
                synchronized (ctx.getCheckpointLock()) {
                    ctx.collectWithTimestamp(position, position / 4);
                    position++;
                }
            }
        }

        @Override
        public void cancel() {
            running = false;
        }
    }

    /**
     * @param sessions event-time sessions with a 13 ms gap (each key's elements come every 12.5 ms,
     *     so one session per key stays open across the savepoint) instead of 100 ms tumbling windows
     */
    private static JobClient start(int parallelism, Path output, Path restoreFrom, boolean sessions) {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create();
        env.setParallelism(parallelism);
        env.enableCheckpointing(Duration.ofHours(1), output.resolveSibling("checkpoints")); // savepoints only
        env.getCheckpointConfig().setRestoreFrom(restoreFrom);
        var keyed = env.addSource(new PausingSource())
                .assignTimestampsAndWatermarks(WatermarkStrategy.<Long>forMonotonousTimestamps()
                        .withTimestampAssigner((v, previous) -> previous))
                .map(v -> new long[] {v % KEYS, v})
                .keyBy(a -> a[0]);
        (sessions ? keyed.window(EventTimeSessionWindows.withGap(Duration.ofMillis(13)))
                : keyed.window(TumblingEventTimeWindows.of(Duration.ofMillis(100))))
                .reduce((a, b) -> new long[] {a[0], a[1] + b[1]})
                .addSink(new FileSink<>(output.toString(), a -> a[0] + "," + a[1], 1 << 20));
        return env.executeAsync("rescale " + parallelism);
    }

    private static List<String> expected(boolean sessions) {
        Map<String, Long> sums = new TreeMap<>();
        for (long i = 0; i < EVENTS; i++) {
            sums.merge(String.valueOf(i % KEYS) + "," + (sessions ? 0 : i / 4 / 100), i, Long::sum);
        }
        List<String> lines = new ArrayList<>();
        sums.forEach((k, sum) -> lines.add(k.substring(0, k.indexOf(',')) + "," + sum));
        return lines.stream().sorted().toList();
    }


    private static void rescale(Path dir, int from, int to) throws Exception {
        rescale(dir, from, to, false);
    }

    private static void rescale(Path dir, int from, int to, boolean sessions) throws Exception {
        PausingSource.release = new java.util.concurrent.CountDownLatch(1);
        PausingSource.paused = new java.util.concurrent.CountDownLatch(1);
        Path output = dir.resolve("out");
        JobClient first = start(from, output, null, sessions);
        assertThat(PausingSource.paused.await(1, TimeUnit.MINUTES)).isTrue();
        Path savepoint = first.triggerSavepoint(dir.resolve("savepoints")).get(1, TimeUnit.MINUTES);
        first.cancel();
        try {
            first.await(Duration.ofMinutes(1));
        } catch (CancellationException expected) {
            // the first run ends by cancellation
        }
        assertThat(savepoint.resolve("_metadata")).exists();

        PausingSource.release.countDown();
        start(to, output, savepoint, sessions).await(Duration.ofMinutes(1));
        assertThat(CommittedParts.read(output)).isEqualTo(expected(sessions));
    }

    @Test
    void savepointWithoutCheckpointing_failsWithAClearMessage(@TempDir Path dir) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create();
        env.fromElements(1, 2, 3).addSink((v, ctx) -> {});
        JobClient job = env.executeAsync("no checkpoints");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> job.triggerSavepoint(dir).get())
                .hasMessageContaining("savepoints need checkpointing").hasMessageContaining("enableCheckpointing");
        job.await(Duration.ofMinutes(1));
    }

    @Test
    void savepointAtOne_restoredAtFour(@TempDir Path dir) throws Exception {
        rescale(dir, 1, 4);
    }

    @Test
    void savepointAtFour_restoredAtTwo(@TempDir Path dir) throws Exception {
        rescale(dir, 4, 2);
    }

    /** Open sessions (on session tables) move to the subtask that owns their key group now. */
    @Test
    void openSessions_savepointAtFour_restoredAtOne(@TempDir Path dir) throws Exception {
        rescale(dir, 4, 1, true);
    }
}
