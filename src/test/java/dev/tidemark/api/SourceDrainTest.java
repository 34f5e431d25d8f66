package dev.tidemark.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tidemark.api.functions.Collector;
import dev.tidemark.api.functions.KeyedProcessFunction;
import dev.tidemark.api.sink.SinkFunction;
import dev.tidemark.api.source.SourceFunction;
import dev.tidemark.checkpoint.CheckpointListener;
import dev.tidemark.eventtime.Watermark;
import dev.tidemark.runtime.task.ElementPull;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The library's sources emit from memory in drains, holding the chain (and with checkpoints the
 * checkpoint lock) across elements: timers, checkpoint notifications and checkpoints still get in
 * between two elements of a source that never pauses, and cancelling still stops every thread. Each
 * test waits for an event that cannot happen if the drain kept what it holds to the end of an
 * endless sequence. (A failure of the chain during a drain: {@code SourceChainTest}.)
 */
@Timeout(60)
class SourceDrainTest {

    private static final long ENDLESS = Long.MAX_VALUE - 1;

    private final StreamExecutionEnvironment env = StreamExecutionEnvironment.create().setParallelism(1);

    @AfterEach
    void noThreadSurvives() {
        assertThat(Threads.tidemarkThreads()).isEmpty();
    }

    private static volatile CountDownLatch released;

    /** Registers a processing-time timer for the first element; its firing releases the test. */
    static final class TimerOnFirst extends KeyedProcessFunction<Long, Long, Long> {
        private boolean registered;

        @Override
        public void processElement(Long value, Context ctx, Collector<Long> out) {
            if (!registered) {
                registered = true;
                ctx.timerService().registerProcessingTimeTimer(ctx.timerService().currentProcessingTime() + 1);
            }
        }

        @Override
        public void onTimer(long timestamp, OnTimerContext ctx, Collector<Long> out) {
            released.countDown();
        }
    }

    @Test
    void timersFire_whileASequenceEmitsWithoutPause() throws Exception {
        released = new CountDownLatch(1);
        env.fromSequence(0, ENDLESS).keyBy(v -> 0L).process(new TimerOnFirst()).addSink((v, ctx) -> {});
        runUntilReleased();
    }

    /** Released by the first checkpoint that completes while the source still emits. */
    static final class ReleasedOnCheckpoint implements SinkFunction<Long>, CheckpointListener {
        @Override
        public void invoke(Long value, Context context) {}

        @Override
        public void notifyCheckpointComplete(long checkpointId) {
            released.countDown();
        }
    }

    @Test
    void checkpointsComplete_whileASequenceEmitsWithoutPause(@TempDir Path checkpoints) throws Exception {
        released = new CountDownLatch(1);
        env.enableCheckpointing(Duration.ofMillis(10), checkpoints);
        env.fromSequence(0, ENDLESS).addSink(new ReleasedOnCheckpoint());
        runUntilReleased();
    }

    private void runUntilReleased() throws Exception {
        JobClient job = env.executeAsync("endless sequence");
        try {
            assertThat(released.await(30, TimeUnit.SECONDS)).as("released while the source emits").isTrue();
        } finally {
            job.cancel();
        }
        assertThatThrownBy(job::await).isInstanceOf(CancellationException.class);
    }

    @Test
    void aCollection_isEmittedWhole_andInOrder_withAndWithoutCheckpoints(@TempDir Path checkpoints) throws Exception {
        List<Integer> elements = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            elements.add(i);
        }
        assertThat(env.fromCollection(elements).executeAndCollect()).isEqualTo(elements);
        env.enableCheckpointing(Duration.ofMillis(1), checkpoints);
        assertThat(env.fromCollection(elements).executeAndCollect()).isEqualTo(elements);
    }

    /** A context that is not the runtime's: {@link ElementPull#drain} emits each element under its lock. */
    @Test
    void onAContextOfItsOwn_aDrainTakesTheCheckpointLockPerElement() throws Exception {
        List<Boolean> heldPerElement = new ArrayList<>();
        Object lock = new Object();
        SourceFunction.SourceContext<Integer> ctx = new SourceFunction.SourceContext<>() {
            @Override
            public void collect(Integer element) {
                heldPerElement.add(Thread.holdsLock(lock));
            }

            @Override
            public void collectWithTimestamp(Integer element, long timestamp) {
                collect(element);
            }

            @Override
            public void emitWatermark(Watermark mark) {}

            @Override
            public void markAsTemporarilyIdle() {}

            @Override
            public Object getCheckpointLock() {
                return lock;
            }
        };
        int[] next = {0};
        ElementPull.drain(ctx, () -> {
            if (next[0] == 3) {
                return false;
            }
            ctx.collect(next[0]++);
            return true;
        });
        assertThat(heldPerElement).containsExactly(true, true, true);
    }
}
