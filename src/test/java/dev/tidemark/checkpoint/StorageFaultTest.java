package dev.tidemark.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tidemark.api.JobExecutionException;
import dev.tidemark.api.StreamExecutionEnvironment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Checkpoints that cannot be written fail the job loudly, naming the directory; they never hang it. */
@Timeout(60)
class StorageFaultTest {

    /** Emits three numbers, then waits, outside any emission, while the blocker file is there. */
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

    /** Runs a command of the machine's; whether it succeeded. */
    private static boolean run(String... command) throws Exception {
        Process process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        return process.waitFor(30, java.util.concurrent.TimeUnit.SECONDS) && process.exitValue() == 0;
    }

    private static void awaitFailedCheckpoints(dev.tidemark.api.JobClient client, long failures) {
        while (client.metrics().getOrDefault(client.jobName() + ".numberOfFailedCheckpoints", 0L) < failures) {
            Thread.onSpinWait();
        }
    }

    /** Storage made read-only for a while (immutable, which binds root too), then writable again. */
    @Test
    void readOnlyForAWhile_withTheFileSink_theJobEndsAndCommitsOnce(@TempDir Path dir) throws Exception {
        Path checkpoints = Files.createDirectories(dir.resolve("checkpoints"));
        org.junit.jupiter.api.Assumptions.assumeTrue(run("chattr", "+i", checkpoints.toString()),
                "chattr +i needs a file system and rights that allow it");
        try {
            Path hold = Files.writeString(dir.resolve("hold"), "");
            Path output = dir.resolve("out");
            StreamExecutionEnvironment env = StreamExecutionEnvironment.create();
            env.enableCheckpointing(Duration.ofMillis(5), checkpoints);
            env.getCheckpointConfig().setTolerableCheckpointFailureNumber(Integer.MAX_VALUE);
            env.addSource(new WaitForStorage(hold.toString()), "Numbers")
                    .addSink(dev.tidemark.connectors.file.FileSink.lines(output.toString()));
            var client = env.executeAsync("read-only storage");
            awaitFailedCheckpoints(client, 2);
            assertThat(run("chattr", "-i", checkpoints.toString())).isTrue();
            Files.delete(hold);
            client.await();
            assertThat(CommittedParts.read(output)).containsExactly("1", "2", "3");
        } finally {
            run("chattr", "-i", checkpoints.toString());
        }
    }

    /** Storage full for good: a tiny file system of its own, mounted for the test. */
    @Test
    void fullForGood_withTheFileSink_failsTheJobNamingTheCause_andCommitsOnlyWhatCompleted(@TempDir Path dir) throws Exception {
        Path checkpoints = Files.createDirectories(dir.resolve("small"));
        org.junit.jupiter.api.Assumptions.assumeTrue(run("mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs",
                checkpoints.toString()), "mounting a tmpfs needs root");
        try {
            Path output = dir.resolve("out");
            StreamExecutionEnvironment env = StreamExecutionEnvironment.create();
            env.enableCheckpointing(Duration.ofMillis(5), checkpoints);
            env.fromSequence(1, 200_000).keyBy(n -> n % 20_000).reduce(Long::sum) // far more state than 64 KiB
                    .addSink(dev.tidemark.connectors.file.FileSink.lines(output.toString()));
            assertThatThrownBy(() -> env.execute("full storage"))
                    .isInstanceOf(JobExecutionException.class)
                    .hasMessageContaining("checkpoint storage failed")
                    .hasMessageContaining("directory=" + checkpoints)
                    .hasMessageContaining("No space left on device");
            java.util.Set<String> sums = new java.util.HashSet<>();
            long[] perKey = new long[20_000];
            for (long n = 1; n <= 200_000; n++) {
                sums.add(String.valueOf(perKey[(int) (n % 20_000)] += n));
            }
            List<String> committed = CommittedParts.read(output);
            assertThat(committed).as("what completed checkpoints covered, once: nothing after the storage filled up")
                    .doesNotHaveDuplicates().allMatch(sums::contains).hasSizeLessThan(200_000);
            try (var listed = Files.list(checkpoints)) {
                assertThat(listed).as("no partial checkpoint is left").allMatch(c -> Files.exists(c.resolve("_metadata")));
            }
        } finally {
            run("umount", checkpoints.toString());
        }
    }
}
