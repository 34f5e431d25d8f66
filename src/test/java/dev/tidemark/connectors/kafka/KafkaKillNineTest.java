package dev.tidemark.connectors.kafka;

import dev.tidemark.checkpoint.KilledProcess;
import java.nio.file.Path;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The exactly-once Kafka sink in a JVM of its own, killed with {@code kill -9} at random moments,
 * a third of the time right after a checkpoint completed and before the sink commits it, a third
 * soon after (the restored checkpoint then holds output already committed), and started again
 * each time at a random parallelism: once it finishes, a {@code read_committed} reader sees
 * exactly the output of a run without a failure, in order per key.
 */
@ExtendWith(TestBroker.Lifecycle.class)
class KafkaKillNineTest {

    /**
     * Eight kills in all. A run makes progress between kills, so a job may end before it was
     * killed eight times: each job is checked when it ends, and a fresh one (new topic, new
     * transactional ids) follows until the kills are done.
     */
    @Test
    @Timeout(300)
    void killedAndRestartedAtOtherParallelisms_readersSeeEveryRecordOnce(@TempDir Path dir) throws Exception {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        int kills = 0;
        for (int n = 0; kills < 8; n++) {
            kills += killOneJobUntilItFinishes(8 - kills, "sums-killed-" + n, dir.resolve("job-" + n), random, seed);
        }
    }

    /** Runs one job to its end, killing it up to {@code kills} times; returns how often it was killed. */
    private static int killOneJobUntilItFinishes(int kills, String topic, Path checkpoints, Random random, long seed)
            throws Exception {
        String bootstrap = TestBroker.bootstrap();
        TestBroker.createTopic(topic, 3);
        int killed = 0;
        int runs = 0;
        while (true) {
            runs++;
            KilledProcess job = KilledProcess.start(KafkaKilledJobMain.class, bootstrap, checkpoints.toString(), topic,
                    String.valueOf(1 + random.nextInt(3)));
            if (killed < kills) {
                int moment = killed == 0 ? 0 : random.nextInt(3); // the first run leaves a checkpoint: later ones restore
                job.awaitCompletedCheckpoints(moment == 2 ? 1 : 1 + random.nextInt(3)); // 0: before the sink commits
                if (moment == 1) {
                    job.process().waitFor(1 + random.nextInt(60), TimeUnit.MILLISECONDS); // around or after the commit
                } else if (moment == 2) {
                    job.process().waitFor(random.nextInt(500), TimeUnit.MILLISECONDS); // anywhere
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
        KafkaExactlyOnceTest.assertSame(KafkaExactlyOnceTest.committed(topic, 3),
                KafkaExactlyOnceTest.expected(KafkaKilledJobMain.COUNT));
        return killed;
    }
}
