package dev.tidemark.connectors.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tidemark.api.JobClient;
import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.api.functions.Aggregations;
import dev.tidemark.api.sink.SinkFunction;
import dev.tidemark.eventtime.WatermarkStrategy;
import dev.tidemark.windowing.assigners.TumblingEventTimeWindows;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/** The Kafka connector against a real broker ({@link TestBroker}). */
@Timeout(120)
@ExtendWith(TestBroker.Lifecycle.class)
class KafkaConnectorTest {

    private static String bootstrap;

    @BeforeAll
    static void startBroker() throws Exception {
        bootstrap = TestBroker.bootstrap();
    }

    private static void createTopic(String name, int partitions) throws Exception {
        TestBroker.createTopic(name, partitions);
    }

    /** A plain producer: one request in flight per partition keeps order without idempotence's sequence checks. */
    private static KafkaProducer<String, String> producer() {
        Properties props = new Properties();
        props.put("bootstrap.servers", bootstrap);
        props.put("enable.idempotence", "false");
        props.put("max.in.flight.requests.per.connection", "1");
        props.put("acks", "all");
        return new KafkaProducer<>(props, new StringSerializer(), new StringSerializer());
    }


    /**
     * A topic written in transactions, one of them aborted, as an exactly-once producer leaves it:
     * its last offsets are transaction markers, which no record carries.
     */
    @Test
    void boundedReadCommitted_ofATransactionalTopic_skipsAbortedRecords_andEnds() throws Exception {
        createTopic("payments", 2);
        Properties props = new Properties();
        props.put("bootstrap.servers", bootstrap);
        props.put("transactional.id", "payments-writer");
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(props, new StringSerializer(),
                new StringSerializer())) {
            producer.initTransactions();
            for (int txn = 0; txn < 3; txn++) {
                producer.beginTransaction();
                for (int i = 0; i < 5; i++) {
                    producer.send(new ProducerRecord<>("payments", i % 2, 1_000L + txn * 10 + i, null, "t" + txn + "-" + i));
                }
                if (txn == 1) {
                    producer.abortTransaction();
                } else {
                    producer.commitTransaction();
                }
            }
        }
        KafkaSource<String> source = KafkaSource.<String>builder().bootstrapServers(bootstrap).topics("payments")
                .deserializer(KafkaRecordDeserializer.utf8Values()).readCommitted().bounded().build();
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create().setParallelism(2);
        List<String> read = env.fromSource(source, WatermarkStrategy.forMonotonousTimestamps(), "Kafka")
                .executeAndCollect("read committed");
        assertThat(read).containsExactlyInAnyOrder("t0-0", "t0-1", "t0-2", "t0-3", "t0-4",
                "t2-0", "t2-1", "t2-2", "t2-3", "t2-4");
    }

    @Test
    void boundedRead_ofInterleavedAscendingPartitions_givesExactWindows_andNoLateRecord() throws Exception {
        createTopic("clicks", 3);
        Map<Long, Long> expected = new TreeMap<>(); // window start -> count
        Random random = new Random(11);
        long[] clocks = {0, -500, -1000};
        try (KafkaProducer<String, String> producer = producer()) {
            for (int i = 0; i < 3_000; i++) {
                int p = random.nextInt(3);
                clocks[p] += random.nextInt(3);
                long ts = 10_000 + clocks[p];
                producer.send(new ProducerRecord<>("clicks", p, ts, null, p + ":" + ts));
                expected.merge(ts - ts % 100, 1L, Long::sum);
            }
        }
        KafkaSource<String> source = KafkaSource.<String>builder().bootstrapServers(bootstrap).topics("clicks")
                .deserializer(KafkaRecordDeserializer.utf8Values()).bounded().build();
        assertThat(source.partitions()).hasSize(3);
        assertThat(KafkaSource.<String>builder().bootstrapServers(bootstrap).topicPattern(java.util.regex.Pattern.compile("cl.*"))
                .deserializer(KafkaRecordDeserializer.utf8Values()).build().partitions())
                .as("a pattern finds the same topic").isEqualTo(source.partitions());

        StreamExecutionEnvironment env = StreamExecutionEnvironment.create().setParallelism(2);
        env.getConfig().setAutoWatermarkInterval(Duration.ofMillis(1));
        List<String> windows = env.fromSource(source, WatermarkStrategy.forMonotonousTimestamps(), "Kafka")
                .keyBy(v -> 0)
                .window(TumblingEventTimeWindows.of(Duration.ofMillis(100)))
                .aggregate(Aggregations.<String>count(), new WindowStartAndCount())
                .executeAndCollect("bounded kafka");
        List<String> expectedWindows = new ArrayList<>();
        expected.forEach((start, count) -> expectedWindows.add(start + ":" + count));
        assertThat(windows).as("every record in its window: none late").containsExactlyInAnyOrderElementsOf(expectedWindows);
    }

    static final class CrashingMap implements dev.tidemark.api.functions.MapFunction<String, String> {
        static final java.util.concurrent.atomic.AtomicLong CALLS = new java.util.concurrent.atomic.AtomicLong();

        @Override
        public String map(String value) {
            long call = CALLS.incrementAndGet();
            if (call == 1_500 || call == 3_500 || call == 5_500) {
                throw new IllegalStateException("injected crash at call " + call);
            }
            return value;
        }
    }

    @Test
    void checkpointedRead_survivesCrashes_everyRecordCommittedOnce(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        createTopic("orders", 3);
        List<String> expected = new ArrayList<>();
        try (KafkaProducer<String, String> producer = producer()) {
            for (int i = 0; i < 6_000; i++) {
                String value = "order-" + i;
                producer.send(new ProducerRecord<>("orders", i % 3, (long) i, null, value));
                expected.add(value);
            }
        }
        CrashingMap.CALLS.set(0);
        KafkaSource<String> source = KafkaSource.<String>builder().bootstrapServers(bootstrap).topics("orders")
                .groupId("checkpointed").deserializer(KafkaRecordDeserializer.utf8Values()).bounded().build();
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create().setParallelism(2);
        env.enableCheckpointing(Duration.ofMillis(20), dir.resolve("checkpoints"));
        env.getCheckpointConfig().setRestartStrategy(dev.tidemark.checkpoint.RestartStrategy.fixedDelay(50, Duration.ZERO));
        java.nio.file.Path output = dir.resolve("out");
        env.fromSource(source, WatermarkStrategy.forMonotonousTimestamps(), "Kafka")
                .map(new CrashingMap())
                .addSink(dev.tidemark.connectors.file.FileSink.lines(output.toString()));
        dev.tidemark.api.JobClient job = env.executeAsync("kafka exactly once");
        job.await(Duration.ofMinutes(1));

        assertThat(dev.tidemark.checkpoint.CommittedParts.read(output)).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(job.metrics().get("kafka exactly once.numRestarts"))
                .as("a crash in an attempt that is already failing adds no restart").isBetween(1L, 3L);
    }

    /** "windowStart:count". */
    static final class WindowStartAndCount extends dev.tidemark.api.functions.ProcessWindowFunction<Long, String, Integer,
            dev.tidemark.windowing.windows.TimeWindow> {
        @Override
        public void process(Integer key, Context ctx, Iterable<Long> counts, dev.tidemark.api.functions.Collector<String> out) {
            out.collect(ctx.window().start() + ":" + counts.iterator().next());
        }
    }

    /** Collects window counts and counts down a latch per window. */
    static final class Collect implements SinkFunction<Long> {
        static final List<Long> COUNTS = new CopyOnWriteArrayList<>();
        static volatile CountDownLatch windows;

        @Override
        public void invoke(Long value, Context context) {
            COUNTS.add(value);
            windows.countDown();
        }
    }

    @Test
    void idlePartition_withIdleness_doesNotStallWindows() throws Exception {
        createTopic("sparse", 2);
        try (KafkaProducer<String, String> producer = producer()) {
            for (long ts = 0; ts < 1_000; ts += 10) {
                producer.send(new ProducerRecord<>("sparse", 0, ts, null, "v" + ts));
            }
        }
        Collect.windows = new CountDownLatch(5);
        KafkaSource<String> source = KafkaSource.<String>builder().bootstrapServers(bootstrap).topics("sparse")
                .deserializer(KafkaRecordDeserializer.utf8Values()).build();
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create();
        env.getConfig().setAutoWatermarkInterval(Duration.ofMillis(20));
        env.fromSource(source, WatermarkStrategy.<String>forMonotonousTimestamps().withIdleness(Duration.ofMillis(200)), "Kafka")
                .keyBy(v -> 0)
                .window(TumblingEventTimeWindows.of(Duration.ofMillis(100)))
                .aggregate(Aggregations.<String>count())
                .addSink(new Collect());
        JobClient job = env.executeAsync("idle partition");
        try {
            assertThat(Collect.windows.await(60, TimeUnit.SECONDS)).as("windows fire although partition 1 is empty").isTrue();
        } finally {
            job.cancel();
        }
        assertThatThrownBy(job::await).isInstanceOf(java.util.concurrent.CancellationException.class);
        assertThat(List.copyOf(Collect.COUNTS).subList(0, 5)).as("the first five windows are complete").containsOnly(10L);
    }

    @Test
    void unreachableBroker_failsTheBuildWithAClearError_notAHang() {
        assertThatThrownBy(() -> KafkaSource.<String>builder().bootstrapServers("127.0.0.1:1").topics("t")
                .deserializer(KafkaRecordDeserializer.utf8Values()).discoveryTimeout(Duration.ofSeconds(2)).build())
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("Kafka must be reachable to discover partitions: bootstrap.servers=127.0.0.1:1");
        assertThatThrownBy(() -> KafkaSource.<String>builder().bootstrapServers(bootstrap).topics("no-such-topic")
                .deserializer(KafkaRecordDeserializer.utf8Values()).discoveryTimeout(Duration.ofSeconds(10)).build())
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("topics must exist");
    }

    @Test
    void sink_writesKeysValuesAndTimestamps_andTimestampOffsetsStartMidTopic() throws Exception {
        createTopic("out", 2);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create();
        env.fromSequence(1, 100)
                .assignTimestampsAndWatermarks(WatermarkStrategy.<Long>forMonotonousTimestamps().withTimestampAssigner((v, p) -> v * 1_000))
                .addSink(new KafkaSink<>(bootstrap, "out", KafkaRecordSerializer.utf8(v -> "k" + (v % 5), v -> "v" + v)));
        env.execute("to kafka");

        Map<String, String> read = new HashMap<>();
        Map<String, Long> timestamps = new HashMap<>();
        Properties props = new Properties();
        props.put("bootstrap.servers", bootstrap);
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(props, new StringDeserializer(), new StringDeserializer())) {
            List<TopicPartition> partitions = List.of(new TopicPartition("out", 0), new TopicPartition("out", 1));
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (read.size() < 100 && System.nanoTime() < deadline) {
                for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(200))) {
                    read.put(r.value(), r.key());
                    timestamps.put(r.value(), r.timestamp());
                }
            }
        }
        assertThat(read).hasSize(100).containsEntry("v7", "k2").containsEntry("v100", "k0");
        assertThat(timestamps).containsEntry("v42", 42_000L);

        KafkaSource<String> fromMiddle = KafkaSource.<String>builder().bootstrapServers(bootstrap).topics("out")
                .startingOffsets(StartingOffsets.timestamp(91_000)).bounded()
                .deserializer(KafkaRecordDeserializer.utf8Values()).build();
        List<String> tail = StreamExecutionEnvironment.create()
                .fromSource(fromMiddle, WatermarkStrategy.noWatermarks(), "Kafka").executeAndCollect();
        assertThat(tail).containsExactlyInAnyOrder("v91", "v92", "v93", "v94", "v95", "v96", "v97", "v98", "v99", "v100");
    }
}
