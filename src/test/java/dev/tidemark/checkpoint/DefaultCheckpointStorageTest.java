package dev.tidemark.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tidemark.api.JobClient;
import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.api.functions.MapFunction;
import dev.tidemark.connectors.file.FileSink;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code enableCheckpointing(long)} as Flink programs call it, without a directory: a restart
 * restores the job's latest checkpoint from a temporary directory, which is gone once the job ends.
 */
class DefaultCheckpointStorageTest {

    /** Fails the job once, after a checkpoint has completed, so the restart has one to restore. */
    static final class FailOnceAfterACheckpoint implements MapFunction<Long, Long>, CheckpointListener {
        static final AtomicBoolean FAILED = new AtomicBoolean();
        private transient boolean checkpointed;

        @Override
        public Long map(Long value) {
            if (checkpointed && FAILED.compareAndSet(false, true)) {
                throw new IllegalStateException("injected failure at " + value);
            }
            if (value % 50 == 0) {
                java.util.concurrent.locks.LockSupport.parkNanos(1_000_000); // let checkpoints come
            }
            return value;
        }

        @Override
        public void notifyCheckpointComplete(long checkpointId) {
            checkpointed = true;
        }
    }

    private static Set<Path> temporaryCheckpointDirectories() throws IOException {
        try (Stream<Path> files = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return files.filter(f -> f.getFileName().toString().startsWith("tidemark-checkpoints-"))
                    .collect(Collectors.toSet());
        }
    }

    @Test
    void withoutADirectory_restartsRestoreFromATemporaryOne_removedWhenTheJobEnds(@TempDir Path out) throws Exception {
        Set<Path> before = temporaryCheckpointDirectories();
        FailOnceAfterACheckpoint.FAILED.set(false);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create().setParallelism(1);
        env.enableCheckpointing(10, CheckpointingMode.AT_LEAST_ONCE);
        env.getCheckpointConfig().setRestartStrategy(RestartStrategy.fixedDelay(3, Duration.ZERO));
        env.fromSequence(1, 5_000).map(new FailOnceAfterACheckpoint())
                .keyBy(n -> n % 3).reduce(Long::sum)
                .addSink(FileSink.lines(out.toString()));
        JobClient job = env.executeAsync("default storage");
        job.await(Duration.ofMinutes(1));

        assertThat(FailOnceAfterACheckpoint.FAILED).as("the job failed once").isTrue();
        assertThat(job.metrics().get("default storage.numRestarts")).isEqualTo(1L);
        List<Long> finalSums = CommittedParts.read(out).stream().map(Long::parseLong).toList();
        assertThat(finalSums).as("each element counted once: the restart restored the running sums")
                .contains(sum(3), sum(1), sum(2)).hasSize(5_000);
        assertThat(temporaryCheckpointDirectories()).as("the temporary directory is removed").isEqualTo(before);
    }

    /** The sum of 1..5000 with n % 3 == residue. */
    private static long sum(int residue) {
        long total = 0;
        for (long n = 1; n <= 5_000; n++) {
            if (n % 3 == residue % 3) {
                total += n;
            }
        }
        return total;
    }

    @Test
    void checkpointStorage_takesAPathOrAFileUri_asFlinkPrograms() {
        CheckpointConfig config = new CheckpointConfig();
        assertThat(config.setCheckpointStorage("file:///tmp/ckpt").getDirectory()).isEqualTo(Path.of("/tmp/ckpt"));
        assertThat(config.setCheckpointStorage("/var/ckpt").getDirectory()).isEqualTo(Path.of("/var/ckpt"));
        assertThatThrownBy(() -> config.setCheckpointStorage("s3://bucket/ckpt"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageEndingWith("scheme=s3");
    }
}
