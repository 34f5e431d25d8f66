package dev.tidemark.connectors.kafka;

import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.api.functions.MapFunction;
import dev.tidemark.checkpoint.CheckpointListener;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Run in a JVM of its own by {@link KafkaKillNineTest}, which kills it with {@code kill -9}: the
 * running sums of {@link KafkaExactlyOnceTest#runningSums} into the exactly-once Kafka sink,
 * paced, checkpointed every 15 ms and resumed from the latest checkpoint at every start. Prints
 * {@code checkpoint <id>} when a checkpoint completes, before the sink behind it commits.
 *
 * <p>Arguments: bootstrap servers, checkpoint directory, topic, parallelism of the sums and the sink.
 */
public final class KafkaKilledJobMain {

    static final long COUNT = 4_000;

    /** Passes elements on, pausing a millisecond every second one; says when a checkpoint completed. */
    static final class PaceAndAnnounce implements MapFunction<Long, Long>, CheckpointListener {
        @Override
        public Long map(Long n) {
            if (n % 2 == 0) {
                java.util.concurrent.locks.LockSupport.parkNanos(1_000_000);
            }
            return n;
        }

        @Override
        public void notifyCheckpointComplete(long checkpointId) {
            System.out.println("checkpoint " + checkpointId);
            System.out.flush();
        }
    }

    public static void main(String[] args) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create().setParallelism(Integer.parseInt(args[3]));
        env.enableCheckpointing(Duration.ofMillis(15), Path.of(args[1]));
        env.getCheckpointConfig().setResumeFromLatestCheckpoint(true);
        KafkaExactlyOnceTest.runningSums(env, COUNT, new PaceAndAnnounce(),
                KafkaExactlyOnceTest.exactlyOnce(args[0], args[2], args[2])); // the topic names the transactional ids
        env.execute("killed");
    }
}
