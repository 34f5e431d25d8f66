package dev.tidemark.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tidemark.api.JobExecutionException;
import dev.tidemark.api.StreamExecutionEnvironment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
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

    private static void run(Path checkpoints) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create();
        env.enableCheckpointing(Duration.ofMillis(5), checkpoints);
        env.getCheckpointConfig().setResumeFromLatestCheckpoint(true);
        env.addSource(new CheckpointedNumbers(1, 11, 0, crashAt), "Numbers").addSink((v, ctx) -> OUT.add(v));
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
