package dev.tidemark.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tidemark.api.JobExecutionException;
import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.api.source.SourceFunction;
import dev.tidemark.state.ListState;
import dev.tidemark.state.ListStateDescriptor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * setResumeFromLatestCheckpoint: a program restarted after its process died goes on from its latest
 * checkpoint; after a finished job it starts afresh; an earlier run's checkpoints never pass for
 * this run's.
 */
@Timeout(60)
class ResumeLatestTest {

    static final Queue<Long> OUT = new ConcurrentLinkedQueue<>();
    static volatile long crashAt = -1;

    /**
     * Emits 1..10 (its position is checkpointed); at {@code crashAt} it first waits for a checkpoint
     * that covers what came before, then dies, as its process would.
     */
    static final class Numbers implements SourceFunction<Long>, CheckpointedFunction, CheckpointListener {
        private transient ListState<Long> state;
        private long next = 1;
        private volatile long completedAt = -1;

        @Override
        public void initializeState(FunctionInitializationContext context) {
            state = context.getOperatorStateStore().getListState(new ListStateDescriptor<>("next", Long.class));
            state.get().forEach(n -> next = n);
        }

        @Override
        public void snapshotState(FunctionSnapshotContext context) {
            state.update(List.of(next));
        }

        @Override
        public void notifyCheckpointComplete(long checkpointId) {
            completedAt = next;
        }

        @Override
        public void run(SourceContext<Long> ctx) throws InterruptedException {
            while (next <= 10) {
                if (next == crashAt) {
                    while (completedAt != next) {
                        Thread.sleep(1); // outside the checkpoint lock, so a checkpoint can be taken
                    }
                    throw new IllegalStateException("process died at " + next);
                }
                synchronized (ctx.getCheckpointLock()) {
                    ctx.collect(next);
                    next++;
                }
            }
        }

        @Override
        public void cancel() {}
    }

    private static void run(Path checkpoints) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create();
        env.enableCheckpointing(Duration.ofMillis(5), checkpoints);
        env.getCheckpointConfig().setResumeFromLatestCheckpoint(true);
        env.addSource(new Numbers(), "Numbers").addSink((v, ctx) -> OUT.add(v));
        env.execute("resumable");
    }

    private static long[] ids(Path checkpoints) throws Exception {
        try (Stream<Path> dirs = Files.list(checkpoints)) {
            return dirs.map(d -> d.getFileName().toString()).filter(n -> n.startsWith("chk-"))
                    .mapToLong(n -> Long.parseLong(n.substring(4))).sorted().toArray();
        }
    }

    @Test
    void afterADeath_resumesTheLatestCheckpoint_afterAFinishedJob_startsAfresh(@TempDir Path dir) throws Exception {
        Path checkpoints = dir.resolve("checkpoints");
        OUT.clear();
        crashAt = 6;
        assertThatThrownBy(() -> run(checkpoints)).isInstanceOf(JobExecutionException.class)
                .rootCause().hasMessage("process died at 6");
        assertThat(OUT).containsExactly(1L, 2L, 3L, 4L, 5L);

        OUT.clear();
        crashAt = -1;
        run(checkpoints);
        assertThat(OUT).as("resumed where the checkpoint left off").containsExactly(6L, 7L, 8L, 9L, 10L);
        long finishedRunsLast = ids(checkpoints)[ids(checkpoints).length - 1];

        OUT.clear();
        run(checkpoints);
        assertThat(OUT).as("the job had finished: a new run starts afresh")
                .containsExactly(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L, 10L);
        long[] ids = ids(checkpoints);
        assertThat(ids[ids.length - 1]).as("numbered after the earlier runs' checkpoints").isGreaterThan(finishedRunsLast);
    }

    @Test
    void withoutAnyCheckpoint_startsAfresh(@TempDir Path dir) throws Exception {
        OUT.clear();
        crashAt = -1;
        run(dir.resolve("none-yet"));
        assertThat(OUT).hasSize(10);
    }
}
