package dev.tidemark.examples;

import dev.tidemark.api.functions.Aggregations;
import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.api.functions.Collector;
import dev.tidemark.api.functions.ProcessWindowFunction;
import dev.tidemark.connectors.kafka.DeliveryGuarantee;
import dev.tidemark.connectors.kafka.KafkaRecordDeserializer;
import dev.tidemark.connectors.kafka.KafkaRecordSerializer;
import dev.tidemark.connectors.kafka.KafkaSink;
import dev.tidemark.connectors.kafka.KafkaSource;
import dev.tidemark.eventtime.WatermarkStrategy;
import dev.tidemark.windowing.assigners.TumblingEventTimeWindows;
import dev.tidemark.windowing.windows.TimeWindow;
import java.nio.file.Files;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Properties;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.test.TestKitNodes;

/**
 * Starts a Kafka broker in-process (the tests' KRaft test kit), writes the bundled sensor readings to
 * a topic of 3 partitions, one sensor per partition (record timestamps are the readings' times), and
 * counts readings per sensor in 5-second windows, with watermarks computed per partition. The counts
 * go to a second topic through the exactly-once sink (checkpointed), and are read back from it at
 * {@code read_committed} and printed.
 *
 * <p>Run it with {@code mvn -q test-compile exec:java@example -Dexample.main=dev.tidemark.examples.KafkaExample}.
 * Against your own cluster, use only the source and sink parts with your bootstrap servers.
 */
public final class KafkaExample {

    public static void main(String[] args) throws Exception {
        try (KafkaClusterTestKit cluster = new KafkaClusterTestKit.Builder(new TestKitNodes.Builder()
                .setCombined(true).setNumBrokerNodes(1).setNumControllerNodes(1).build())
                .setConfigProp("transaction.state.log.replication.factor", "1") // one broker holds transactions too
                .setConfigProp("transaction.state.log.min.isr", "1")
                .setConfigProp("offsets.topic.replication.factor", "1") // and the committed offsets
                .build()) {
            cluster.format();
            cluster.startup();
            cluster.waitForReadyBrokers();
            String bootstrap = cluster.bootstrapServers();
            Properties props = new Properties();
            props.put("bootstrap.servers", bootstrap);
            try (Admin admin = Admin.create(props)) {
                admin.createTopics(List.of(new NewTopic("readings", 3, (short) 1), new NewTopic("counts", 1, (short) 1)))
                        .all().get();
            }
            Properties producerProps = new Properties();
            producerProps.putAll(props);
            producerProps.put("enable.idempotence", "false"); // a fresh topic's first leader change must not stall it
            producerProps.put("max.in.flight.requests.per.connection", "1");
            try (KafkaProducer<String, String> producer = new KafkaProducer<>(producerProps, new StringSerializer(),
                    new StringSerializer())) {
                for (String line : SensorReadingsExample.readLines("/examples/sensor-readings.csv")) {
                    String[] f = line.split(",");
                    int partition = Math.floorMod(f[1].hashCode(), 3);
                    producer.send(new ProducerRecord<>("readings", partition, Long.parseLong(f[0]), f[1], line));
                }
            }

            KafkaSource<String> source = KafkaSource.<String>builder()
                    .bootstrapServers(bootstrap)
                    .topics("readings")
                    .deserializer(KafkaRecordDeserializer.utf8Values())
                    .bounded()
                    .build();
            var env = StreamExecutionEnvironment.create();
            env.enableCheckpointing(Duration.ofMillis(200), Files.createTempDirectory("kafka-example-checkpoints"));
            // readings of one sensor arrive up to 8 s out of order; the strategy runs per partition
            env.fromSource(source, WatermarkStrategy.<String>forBoundedOutOfOrderness(Duration.ofSeconds(8))
                            .withIdleness(Duration.ofSeconds(1)), "Kafka readings")
                    .map(line -> line.split(",")[1])
                    .keyBy(sensor -> sensor)
                    .window(TumblingEventTimeWindows.of(Duration.ofSeconds(5)))
                    .aggregate(Aggregations.<String>count(), new Describe())
                    .addSink(KafkaSink.<String>builder()
                            .bootstrapServers(bootstrap)
                            .topic("counts")
                            .serializer(KafkaRecordSerializer.utf8(line -> line.substring(0, line.indexOf(' ')), line -> line))
                            .deliveryGuarantee(DeliveryGuarantee.EXACTLY_ONCE)
                            .transactionalIdPrefix("kafka-example-counts")
                            .build());
            env.execute("kafka");

            KafkaSource<String> counts = KafkaSource.<String>builder()
                    .bootstrapServers(bootstrap)
                    .topics("counts")
                    .deserializer(KafkaRecordDeserializer.utf8Values())
                    .readCommitted()
                    .bounded()
                    .build();
            var reader = StreamExecutionEnvironment.create();
            reader.fromSource(counts, WatermarkStrategy.noWatermarks(), "Kafka counts").print("readings per 5 s");
            reader.execute("read counts");
        }
    }


    /** "sensor start..end: count". */
    static final class Describe extends ProcessWindowFunction<Long, String, String, TimeWindow> {
        @Override
        public void process(String sensor, Context ctx, Iterable<Long> counts, Collector<String> out) {
            out.collect(sensor + " " + Instant.ofEpochMilli(ctx.window().start()) + ": " + counts.iterator().next());
        }
    }
}
