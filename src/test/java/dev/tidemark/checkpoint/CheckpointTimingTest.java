package dev.tidemark.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.api.functions.MapFunction;
import dev.tidemark.api.sink.DiscardingSink;
import dev.tidemark.api.source.SourceFunction;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Flink's checkpoint timeout and minimum pause between checkpoints. */
class CheckpointTimingTest {

    /** Blocks on its first element until the job is cancelled, so no barrier gets past it. */
    static final class Stuck implements MapFunction<Long, Long> {
        @Override
        public Long map(Long value) throws InterruptedException {
            new java.util.concurrent.CountDownLatch(1).await(); // never counted down: only the job's cancellation ends it
            return value;
        }
    }

    @Test
    void aCheckpointThatIsNotAcknowledgedInTime_expires_andFailsTheJobWhenNotTolerated(@TempDir Path dir) {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create();
        env.enableCheckpointing(Duration.ofMillis(10), dir);
        env.getCheckpointConfig().setCheckpointTimeout(200);
        env.fromSequence(1, 10).map(new Stuck()).name("Stuck").addSink(new DiscardingSink<>());
        assertThatThrownBy(() -> env.execute("stuck"))
                .hasStackTraceContaining("checkpoint timed out: 1 checkpoints in a row expired, more than the 0 tolerated")
                .hasStackTraceContaining("waiting for [").hasStackTraceContaining("Stuck");
    }

    /** Emits until it has seen four checkpoints complete; keeps each checkpoint's timestamp. */
    static final class UntilFourCheckpoints implements SourceFunction<Long>, CheckpointedFunction, CheckpointListener {
        static final List<Long> TIMESTAMPS = new CopyOnWriteArrayList<>();
        private volatile int completed;
        private volatile boolean running = true;

        @Override
        public void run(SourceContext<Long> ctx) {
            for (long n = 0; running && completed < 4; n++) {
                synchronized (ctx.getCheckpointLock()) {
                    ctx.collect(n);
                }
            }
        }

        @Override
        public void cancel() {
            running = false;
        }

        @Override
        public void snapshotState(FunctionSnapshotContext context) {
            TIMESTAMPS.add(context.getCheckpointTimestamp());
        }

        @Override
        public void initializeState(FunctionInitializationContext context) {}

        @Override
        public void notifyCheckpointComplete(long checkpointId) {
            completed++;
        }
    }

    @Test
    void theNextCheckpointStartsNoSoonerThanThePauseAfterTheLastCompleted(@TempDir Path dir) throws Exception {
        UntilFourCheckpoints.TIMESTAMPS.clear();
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create();
        env.enableCheckpointing(Duration.ofMillis(1), dir);
        env.getCheckpointConfig().setMinPauseBetweenCheckpoints(150);
        env.addSource(new UntilFourCheckpoints()).addSink(new DiscardingSink<>());
        env.execute("paused");
        List<Long> started = UntilFourCheckpoints.TIMESTAMPS;
        assertThat(started).hasSizeGreaterThanOrEqualTo(4);
        for (int i = 1; i < 4; i++) {
            assertThat(started.get(i) - started.get(i - 1))
                    .as("checkpoint %d started at least the pause after checkpoint %d (which completed after it started)", i + 1, i)
                    .isGreaterThanOrEqualTo(150);
        }
    }

    @Test
    void badTimingsAreRefused() {
        CheckpointConfig config = new CheckpointConfig();
        assertThatThrownBy(() -> config.setCheckpointTimeout(0)).hasMessage("checkpoint timeout must be positive: timeout=PT0S");
        assertThatThrownBy(() -> config.setMinPauseBetweenCheckpoints(-1))
                .hasMessage("pause between checkpoints must not be negative: pause=PT-0.001S");
        assertThatThrownBy(() -> config.setMaxConcurrentCheckpoints(0))
                .hasMessage("max concurrent checkpoints must be at least 1: max=0");
    }
}
