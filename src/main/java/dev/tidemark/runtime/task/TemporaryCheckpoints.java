package dev.tidemark.runtime.task;

import dev.tidemark.api.TidemarkException;
import dev.tidemark.checkpoint.CheckpointConfig;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * The checkpoint directory of a job given an interval but no directory (Flink's
 * {@code enableCheckpointing(interval)}): created when the job is wired, removed when it ends, so
 * restarts restore from it but nothing outlives the job.
 */
final class TemporaryCheckpoints {

    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(TemporaryCheckpoints.class);

    private final String job;
    private final Path directory;

    private TemporaryCheckpoints(String job, Path directory) {
        this.job = job;
        this.directory = directory;
    }

    /** A temporary directory, set on {@code config} (the job's copy), if it checkpoints without one; else {@code null}. */
    static TemporaryCheckpoints createIfNeeded(String job, CheckpointConfig config) {
        if (config.getInterval().isZero() || config.getDirectory() != null) {
            return null;
        }
        try {
            Path directory = Files.createTempDirectory("tidemark-checkpoints-");
            config.setDirectory(directory);
            LOG.info("Checkpoints in a temporary directory, removed when the job ends: job={}, directory={}", job,
                    directory);
            return new TemporaryCheckpoints(job, directory);
        } catch (IOException e) {
            throw new TidemarkException("cannot create a temporary checkpoint directory: job=" + job + ", cause=" + e, e);
        }
    }

    /** Removes the directory and everything in it; a failure is logged, the job's result stands. */
    void remove() {
        try (Stream<Path> files = Files.walk(directory)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(file);
            }
        } catch (IOException | UncheckedIOException e) {
            LOG.warn("Could not remove the temporary checkpoint directory: job={}, directory={}, cause={}", job,
                    directory, e.toString());
        }
    }
}
