package dev.tidemark.connectors.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tidemark.api.JobClient;
import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.api.functions.MapFunction;
import dev.tidemark.api.source.SequenceSource;
import dev.tidemark.checkpoint.CheckpointListener;
import dev.tidemark.checkpoint.RestartStrategy;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** The exactly-once {@link KafkaSink} against a real broker ({@link TestBroker}), with failures. */
@Timeout(180)
@ExtendWith(TestBroker.Lifecycle.class)
class KafkaExactlyOnceTest {

    static final int KEYS = 7;

    /**
     * Fails the job a number of times, each time once its attempt has seen one to three checkpoints
     * complete (so that restores find output in them): in {@code map}, or in the notification itself,
     * racing the sink's commit. Paced, a millisecond's pause per hundred elements.
     */
    static final class CrashingMap implements MapFunction<Long, Long>, CheckpointListener {
        static final AtomicInteger CRASHES_LEFT = new AtomicInteger();
        static final AtomicInteger THROWN = new AtomicInteger();
        static final Random RANDOM = new Random(11);
        private transient int completed;
        private transient int crashAfter;
        private transient long seen;
        private transient boolean crashed; // once per attempt: a failing attempt's second crash adds no restart

        private boolean crashNow() {
            if (!crashed) {
                crashed = CRASHES_LEFT.getAndDecrement() > 0;
                if (crashed) {
                    THROWN.incrementAndGet();
                }
                return crashed;
            }
            return false;
        }

        @Override
        public Long map(Long value) {
            if (crashAfter == 0) {
                crashAfter = 1 + RANDOM.nextInt(3);
            }
            if (completed >= crashAfter && crashNow()) {
                throw new IllegalStateException("injected crash after " + completed + " checkpoints");
            }
            if (++seen % 100 == 0) {
                java.util.concurrent.locks.LockSupport.parkNanos(1_000_000);
            }
            return value;
        }

        @Override
        public void notifyCheckpointComplete(long checkpointId) {
            completed++;
            if (completed == crashAfter && RANDOM.nextBoolean() && crashNow()) {
                throw new IllegalStateException("injected crash on completing checkpoint " + checkpointId);
            }
        }
    }

    /**
     * Running sums per key of 0..count-1 (key n % 7), "key" to "sum" records, as {@link #expected}
     * describes; the numbers come in order from one source instance, the rest runs at the job's parallelism.
     */
    static void runningSums(StreamExecutionEnvironment env, long count, MapFunction<Long, Long> between, KafkaSink<String> sink) {
        env.addSource(new SequenceSource(0, count - 1)).uid("numbers").setParallelism(1) // one order per key
                .map(between).uid("between").setParallelism(1)
                .map(n -> new long[] {n % KEYS, n}).uid("pair").setParallelism(1)
                .keyBy(pair -> pair[0])
                .reduce((a, b) -> new long[] {a[0], a[1] + b[1]}).uid("sums")
                .map(pair -> pair[0] + "," + pair[1]).uid("label")
                .addSink(sink).uid("kafka");
    }

    static KafkaSink<String> exactlyOnce(String bootstrap, String topic, String prefix) {
        return KafkaSink.<String>builder().bootstrapServers(bootstrap).topic(topic)
                .serializer(KafkaRecordSerializer.utf8(line -> line.substring(0, line.indexOf(',')),
                        line -> line.substring(line.indexOf(',') + 1)))
                .deliveryGuarantee(DeliveryGuarantee.EXACTLY_ONCE).transactionalIdPrefix(prefix).build();
    }

    /** Per key, the running sums a failure-free run writes, in order. */
    static Map<String, List<String>> expected(long count) {
        Map<String, List<String>> sums = new TreeMap<>();
        long[] sum = new long[KEYS];
        for (long n = 0; n < count; n++) {
            int key = (int) (n % KEYS);
            sum[key] += n;
            sums.computeIfAbsent(String.valueOf(key), k -> new ArrayList<>()).add(String.valueOf(sum[key]));
        }
        return sums;
    }

    /** Per key, what a read_committed reader sees, in the order it was written (one key is in one partition). */
    static Map<String, List<String>> committed(String topic, int partitions) throws Exception {
        Map<String, List<String>> byKey = new TreeMap<>();
        for (ConsumerRecord<String, String> r : TestBroker.readCommitted(topic, partitions)) {
            byKey.computeIfAbsent(r.key(), k -> new ArrayList<>()).add(r.value());
        }
        return byKey;
    }

    /** Equal, saying first how many records each key has (a full listing of thousands is no help). */
    static void assertSame(Map<String, List<String>> actual, Map<String, List<String>> expected) {
        Map<String, Integer> actualCounts = new TreeMap<>();
        actual.forEach((key, sums) -> actualCounts.put(key, sums.size()));
        Map<String, Integer> expectedCounts = new TreeMap<>();
        expected.forEach((key, sums) -> expectedCounts.put(key, sums.size()));
        assertThat(actualCounts).as("records per key").isEqualTo(expectedCounts);
        actual.forEach((key, sums) -> assertThat(sums).as("running sums of key %s", key).isEqualTo(expected.get(key)));
    }

    @Test
    void crashesAndRestarts_atParallelismTwo_everyRecordCommittedOnceAndInOrder(@TempDir Path dir) throws Exception {
        String bootstrap = TestBroker.bootstrap();
        TestBroker.createTopic("sums-crashing", 3);
        long count = 60_000;
        CrashingMap.CRASHES_LEFT.set(15);
        CrashingMap.THROWN.set(0);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create().setParallelism(2);
        env.enableCheckpointing(Duration.ofMillis(10), dir);
        env.getCheckpointConfig().setRestartStrategy(RestartStrategy.fixedDelay(100, Duration.ZERO));
        runningSums(env, count, new CrashingMap(), exactlyOnce(bootstrap, "sums-crashing", "crashing"));
        JobClient job = env.executeAsync("crashing sums");
        job.await(Duration.ofMinutes(2));

        assertThat(CrashingMap.THROWN.get()).as("crashes before the input ended").isGreaterThanOrEqualTo(4);
        assertThat(job.metrics().get("crashing sums.numRestarts")).as("a restart per crash")
                .isEqualTo((long) CrashingMap.THROWN.get());
        assertSame(committed("sums-crashing", 3), expected(count));
    }

    @Test
    void withoutCheckpointing_theOutputCommitsWhenTheInputEnds() throws Exception {
        String bootstrap = TestBroker.bootstrap();
        TestBroker.createTopic("sums-unchecked", 2);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create().setParallelism(2);
        runningSums(env, 5_000, n -> n, exactlyOnce(bootstrap, "sums-unchecked", "unchecked"));
        env.execute("unchecked sums");

        assertSame(committed("sums-unchecked", 2), expected(5_000));
    }

    @Test
    void aSecondJobWithTheSamePrefix_fencesTheFirst_whichFailsNamingTheTransactionalId(@TempDir Path dir)
            throws Exception {
        String bootstrap = TestBroker.bootstrap();
        TestBroker.createTopic("sums-fenced", 1);
        StreamExecutionEnvironment first = StreamExecutionEnvironment.create().setParallelism(1);
        first.enableCheckpointing(Duration.ofMillis(10), dir.resolve("first"));
        runningSums(first, Long.MAX_VALUE, new Paced(), exactlyOnce(bootstrap, "sums-fenced", "shared"));
        JobClient running = first.executeAsync("first");
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (TestBroker.readCommitted("sums-fenced", 1).isEmpty()) { // the first job commits
            assertThat(System.nanoTime()).as("the first job commits within 30 s").isLessThan(deadline);
            Thread.onSpinWait();
        }

        StreamExecutionEnvironment second = StreamExecutionEnvironment.create().setParallelism(1);
        second.enableCheckpointing(Duration.ofMillis(10), dir.resolve("second"));
        runningSums(second, Long.MAX_VALUE, new Paced(), exactlyOnce(bootstrap, "sums-fenced", "shared"));
        JobClient intruder = second.executeAsync("second");
        try {
            // usually "another writer took over transactional id 'shared-0'"; a commit in flight as the second
            // job starts may instead get an unspecific server error from the broker
            assertThatThrownBy(() -> running.await(Duration.ofSeconds(60)))
                    .hasStackTraceContaining("transactional id 'shared-0'").hasStackTraceContaining("transactional id prefix 'shared'");
        } finally {
            var intruderEnded = intruder.cancel();
            var runningEnded = running.cancel();
            // both still checkpoint into the temporary directory until they have ended
            intruderEnded.get(60, java.util.concurrent.TimeUnit.SECONDS);
            runningEnded.get(60, java.util.concurrent.TimeUnit.SECONDS);
        }
    }

    /** A millisecond's pause per hundred elements, so an endless job does not flood the broker. */
    static final class Paced implements MapFunction<Long, Long> {
        private long seen;

        @Override
        public Long map(Long value) {
            if (++seen % 100 == 0) {
                java.util.concurrent.locks.LockSupport.parkNanos(1_000_000);
            }
            return value;
        }
    }

    @Test
    void badConfiguration_failsAtBuild_namingWhatIsMissing() {
        KafkaSink.Builder<String> builder = KafkaSink.<String>builder().bootstrapServers("localhost:9092").topic("t")
                .serializer(KafkaRecordSerializer.utf8(s -> null, s -> s)).deliveryGuarantee(DeliveryGuarantee.EXACTLY_ONCE);
        assertThatThrownBy(builder::build).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("an exactly-once Kafka sink needs a transactional id prefix, unique to the job: topic=t");
        assertThatThrownBy(() -> builder.transactionalIdPrefix("p").property("transactional.id", "mine").build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("an exactly-once Kafka sink sets transactional.id itself");
        assertThatThrownBy(() -> KafkaSink.<String>builder().topic("t").serializer(KafkaRecordSerializer.utf8(s -> null, s -> s)).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a Kafka sink needs bootstrap servers: topic=t");
        assertThat(KafkaSink.<String>builder().bootstrapServers("localhost:9092").topic("t")
                .serializer(KafkaRecordSerializer.utf8(s -> null, s -> s)).build().deliveryGuarantee())
                .isEqualTo(DeliveryGuarantee.AT_LEAST_ONCE);
    }
}
