package dev.tidemark.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A checkpointed job in a JVM of its own, killed with {@code kill -9} (no exception, no shutdown
 * hook, no flush) at random moments, half of the time right after a checkpoint completed and
 * before the sink behind it commits, and started again each time: once it finishes, the committed
 * output is exactly that of a run without a failure, and no hidden part file is left.
 */
class KillNineTest {

    /**
     * Kills the job {@code kills} times in all. Each job, once it finishes, is checked and followed
     * by a fresh one (new directories) until the kills are done: a job makes progress between kills,
     * so one job ends before it has been killed a thousand times.
     */
    private static void killRepeatedly(int kills, Path dir) throws Exception {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        int killed = 0;
        for (int job = 0; killed < kills; job++) {
            killed += killOneJobUntilItFinishes(kills - killed, dir.resolve("job-" + job), random, seed);
        }
    }

    /** Runs one job to its end, killing it up to {@code kills} times; returns how often it was killed. */
    private static int killOneJobUntilItFinishes(int kills, Path dir, Random random, long seed) throws Exception {
        Path checkpoints = dir.resolve("checkpoints");
        Path output = dir.resolve("out");
        int killed = 0;
        int runs = 0;
        while (true) {
            runs++;
            KilledProcess job = KilledProcess.start(KilledJobMain.class, checkpoints.toString(), output.toString());
            if (killed < kills) {
                if (killed == 0 || random.nextBoolean()) { // the first run leaves a checkpoint: later ones restore
                    job.awaitCompletedCheckpoints(1 + random.nextInt(3));
                } else {
                    job.process().waitFor(20 + random.nextInt(300), TimeUnit.MILLISECONDS);
                }
                if (job.kill()) {
                    killed++;
                    if (KilledProcess.finished(checkpoints)) {
                        break; // killed on its way out: the job is done
                    }
                    continue;
                }
            }
            job.assertEndsSuccessfully("seed=" + seed + " run=" + runs);
            break;
        }
        assertThat(CommittedParts.read(output)).as("seed=%d after %d kills in %d runs", seed, killed, runs)
                .containsExactlyElementsOf(KilledJobMain.expected());
        try (var files = java.nio.file.Files.list(output)) {
            assertThat(files.map(f -> f.getFileName().toString()).filter(name -> name.startsWith(".")))
                    .as("seed=%d: hidden part files that could never be committed are removed at restore", seed)
                    .isEmpty();
        }
        return killed;
    }

    @Test
    @Timeout(300)
    void fiftyKills_committedOutputIsExactlyOnce(@TempDir Path dir) throws Exception {
        killRepeatedly(50, dir);
    }

    @Test
    @Tag("slow")
    @Timeout(3_600)
    void aThousandKills_committedOutputIsExactlyOnce(@TempDir Path dir) throws Exception {
        killRepeatedly(1_000, dir);
    }
}
