package dev.tidemark.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tidemark.api.JobExecutionException;
import dev.tidemark.api.StreamExecutionEnvironment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Checkpoints that cannot be written fail the job loudly, naming the directory; they never hang it. */
@Timeout(60)
class StorageFaultTest {

    /** Emits three numbers, then waits, outside any emission, until the storage path is no longer a file. */
    static final class WaitForStorage implements dev.tidemark.api.source.SourceFunction<Long> {
        private final String blocker;
        private volatile boolean running = true;

        WaitForStorage(String blocker) {
            this.blocker = blocker;
        }

        @Override
        public void run(SourceContext<Long> ctx) {
            for (long n = 1; n <= 3; n++) {
                ctx.collect(n);
            }
            while (running && Files.isRegularFile(Path.of(blocker))) {
                Thread.onSpinWait();
            }
        }

        @Override
        public void cancel() {
            running = false;
        }
    }

    private static StreamExecutionEnvironment job(Path checkpoints) {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create();
        env.enableCheckpointing(Duration.ofMillis(20), checkpoints);
        env.fromSequence(1, 2_000).keyBy(n -> n % 10).reduce(Long::sum).addSink((v, ctx) -> {});
        return env;
    }

    @Test
    void boundedJob_whoseCheckpointsCannotBeWritten_failsNamingTheDirectory(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("not-a-directory"), "x");
        Path checkpoints = file.resolve("checkpoints"); // its parent is a regular file
        assertThatThrownBy(() -> job(checkpoints).execute("no storage"))
                .isInstanceOf(JobExecutionException.class)
                .hasMessageContaining("checkpoint storage failed")
                .hasMessageContaining("directory=" + checkpoints);
        assertThat(Thread.getAllStackTraces().keySet()).noneMatch(t -> t.getName().contains("no storage"));
    }

    @Test
    void toleratedFailures_thenStorageBack_theJobEndsWithItsFinalCheckpoint(@TempDir Path dir) throws Exception {
        Path checkpoints = dir.resolve("checkpoints");
        Files.writeString(checkpoints, "in the way"); // every checkpoint fails while this file is there
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create();
        env.enableCheckpointing(Duration.ofMillis(5), checkpoints);
        env.getCheckpointConfig().setTolerableCheckpointFailureNumber(Integer.MAX_VALUE);
        Path output = dir.resolve("out");
        env.addSource(new WaitForStorage(checkpoints.toString()), "Numbers")
                .addSink(dev.tidemark.connectors.file.FileSink.lines(output.toString()));
        var client = env.executeAsync("storage back");
        while (client.metrics().getOrDefault("storage back.numberOfFailedCheckpoints", 0L) < 2) {
            Thread.onSpinWait();
        }
        Files.delete(checkpoints);
        client.await();
        try (var listed = Files.list(checkpoints)) {
            assertThat(listed.map(d -> d.getFileName().toString())).as("partial ones are removed")
                    .isNotEmpty().allMatch(name -> Files.exists(checkpoints.resolve(name).resolve("_metadata")));
        }
        assertThat(CommittedParts.read(output)).as("the file sink commits with the final checkpoint, once")
                .containsExactly("1", "2", "3");
    }

    @Test
    void storageGoneForGood_withTheFileSink_failsTheJob_andCommitsNothing(@TempDir Path dir) throws Exception {
        Path checkpoints = Files.writeString(dir.resolve("not-a-directory"), "x").resolve("checkpoints");
        Path output = dir.resolve("out");
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create();
        env.enableCheckpointing(Duration.ofMillis(5), checkpoints);
        env.getCheckpointConfig().setTolerableCheckpointFailureNumber(3);
        env.fromSequence(1, 3_000).addSink(dev.tidemark.connectors.file.FileSink.lines(output.toString()));
        assertThatThrownBy(() -> env.execute("no storage, file sink"))
                .isInstanceOf(JobExecutionException.class)
                .hasMessageContaining("checkpoint storage failed");
        assertThat(CommittedParts.read(output)).as("no checkpoint completed: nothing may be committed").isEmpty();
    }
}
