package dev.tidemark.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import dev.tidemark.runtime.checkpoint.CheckpointStorage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

/**
 * A job's {@code main} in a JVM of its own, for tests that kill it with {@code kill -9}: it prints
 * {@code checkpoint <id>} when a checkpoint completes, and {@link #completedCheckpoints} counts them.
 */
public final class KilledProcess {

    private final Process process;
    private final AtomicInteger completedCheckpoints = new AtomicInteger();

    private KilledProcess(Process process) {
        this.process = process;
        Thread reader = new Thread(this::drain); // a full pipe would stall the job
        reader.setDaemon(true);
        reader.start();
    }

    /** Starts {@code main} with the test's class path. */
    public static KilledProcess start(Class<?> main, String... args) throws IOException {
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> command = new ArrayList<>(List.of(java, "-Xshare:auto", "-XX:TieredStopAtLevel=1", "-cp",
                System.getProperty("java.class.path"), main.getName()));
        command.addAll(List.of(args));
        return new KilledProcess(new ProcessBuilder(command).redirectErrorStream(true).start());
    }

    public Process process() {
        return process;
    }

    /** How many times the job said a checkpoint completed. */
    public int completedCheckpoints() {
        return completedCheckpoints.get();
    }

    /** Spins until the job has said {@code count} checkpoints completed, or has ended. */
    public void awaitCompletedCheckpoints(int count) {
        while (completedCheckpoints.get() < count && process.isAlive()) {
            Thread.onSpinWait(); // a kill right after the line lands before the sink behind it commits
        }
    }

    /** Kills it with {@code kill -9} (no exception, no shutdown hook, no flush), if it still runs; whether it did. */
    public boolean kill() throws InterruptedException {
        if (!process.isAlive()) {
            return false;
        }
        process.destroyForcibly();
        process.waitFor(30, TimeUnit.SECONDS);
        return true;
    }

    /**
     * Whether the job had finished when it was killed: its last checkpoint in {@code checkpoints}
     * is marked finished. A new run then starts afresh, as a finished job that is submitted again
     * does, so such a kill ends the job as its exit would.
     */
    public static boolean finished(Path checkpoints) throws IOException {
        if (!Files.exists(checkpoints)) {
            return false;
        }
        try (Stream<Path> files = Files.walk(checkpoints)) {
            return files.anyMatch(f -> f.getFileName().toString().equals(CheckpointStorage.JOB_FINISHED));
        }
    }

    /** Waits for it to end, and fails unless it ended with status 0. */
    public void assertEndsSuccessfully(String description) throws InterruptedException {
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("%s: the run ends", description).isTrue();
        assertThat(process.exitValue()).as("%s: the job's exit status", description).isZero();
    }

    private void drain() {
        try (BufferedReader out = new BufferedReader(
                new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = out.readLine(); line != null; line = out.readLine()) {
                if (line.startsWith("checkpoint ")) {
                    completedCheckpoints.incrementAndGet();
                }
            }
        } catch (IOException e) {
            // the process was killed
        }
    }
}
