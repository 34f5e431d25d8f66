package dev.tidemark.flink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.api.functions.Aggregations;
import dev.tidemark.api.functions.Collector;
import dev.tidemark.api.functions.ProcessWindowFunction;
import dev.tidemark.api.tuple.Tuple2;
import dev.tidemark.api.typeinfo.Types;
import dev.tidemark.connectors.kafka.DeliveryGuarantee;
import dev.tidemark.connectors.kafka.KafkaRecordDeserializer;
import dev.tidemark.connectors.kafka.KafkaRecordSerializer;
import dev.tidemark.connectors.kafka.KafkaSink;
import dev.tidemark.connectors.kafka.KafkaSource;
import dev.tidemark.connectors.kafka.TestBroker;
import dev.tidemark.eventtime.Watermark;
import dev.tidemark.eventtime.WatermarkGenerator;
import dev.tidemark.eventtime.WatermarkOutput;
import dev.tidemark.eventtime.WatermarkStrategy;
import dev.tidemark.windowing.assigners.TumblingEventTimeWindows;
import dev.tidemark.windowing.windows.TimeWindow;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.LongStream;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Tidemark's Kafka connector through the runner, against a real broker: the source runs as Flink's
 * Kafka source with its watermarks per partition, and the exactly-once sink commits its transactions
 * with Flink's checkpoints.
 */
@ExtendWith(TestBroker.Lifecycle.class)
class KafkaOnFlinkTest {

    static final int PARTITIONS = 3;
    static final int PER_PARTITION = 2_000;

    /** Labels a window's count with its key and end. */
    static final class Labelled extends ProcessWindowFunction<Long, String, String, TimeWindow> {
        @Override
        public void process(String sensor, Context ctx, Iterable<Long> counts, Collector<String> out) {
            out.collect(sensor + "@" + ctx.window().getEnd() + "=" + counts.iterator().next());
        }
    }

    /**
     * Each partition's timestamps ascend, but partition {@code p} starts {@code p} minutes later: a
     * watermark over all partitions at once would make the earlier partitions' records late.
     */
    static void produceReadings(String topic) throws Exception {
        TestBroker.createTopic(topic, PARTITIONS);
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(TestBroker.properties(),
                new StringSerializer(), new StringSerializer())) {
            List<java.util.concurrent.Future<?>> sent = new ArrayList<>();
            for (int i = 0; i < PER_PARTITION; i++) {
                for (int p = 0; p < PARTITIONS; p++) {
                    long time = p * 60_000L + i * 20L;
                    sent.add(producer.send(new ProducerRecord<>(topic, p, time, null, "sensor-" + (i % 7))));
                }
            }
            for (java.util.concurrent.Future<?> record : sent) {
                record.get(); // a record the broker did not take fails the test here, not as missing output later
            }
        }
    }

    static void windowCounts(StreamExecutionEnvironment env, String topic, String results) throws Exception {
        windowCounts(env, topic, results, everyRecord());
    }

    /**
     * A watermark at every record, just behind it: one generator over partitions read interleaved
     * would make the earlier partitions' records late (a periodic one might not emit in time to).
     */
    static WatermarkStrategy<String> everyRecord() {
        return WatermarkStrategy.forGenerator(context -> new WatermarkGenerator<>() {
            @Override
            public void onEvent(String event, long timestamp, WatermarkOutput output) {
                output.emitWatermark(new Watermark(timestamp - 1));
            }

            @Override
            public void onPeriodicEmit(WatermarkOutput output) {}
        });
    }

    static void windowCounts(StreamExecutionEnvironment env, String topic, String results,
            WatermarkStrategy<String> strategy) throws Exception {
        KafkaSource<String> readings = KafkaSource.<String>builder()
                .bootstrapServers(TestBroker.bootstrap())
                .topics(topic)
                .bounded()
                .deserializer(KafkaRecordDeserializer.utf8Values())
                .build();
        env.fromSource(readings, strategy, "readings")
                .map(sensor -> Tuple2.of(sensor, 1L)).returns(Types.TUPLE(Types.STRING, Types.LONG))
                .keyBy(reading -> reading.f0)
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(10)))
                .aggregate(Aggregations.count(), new Labelled())
                .addSink(Results.sink(results));
    }

    /** The sum of the window counts: every reading, once, when none was late. */
    static long total(List<String> windowCounts) {
        return windowCounts.stream().mapToLong(line -> Long.parseLong(line.substring(line.indexOf('=') + 1))).sum();
    }

    @Test
    void theKafkaSourceRunsAsFlinksWithWatermarksPerPartitionAndGivesTheEmbeddedResults() throws Exception {
        produceReadings("readings-on-flink");

        StreamExecutionEnvironment embedded = StreamExecutionEnvironment.createLocalEnvironment(2);
        windowCounts(embedded, "readings-on-flink", "kafka embedded");
        embedded.execute("embedded");
        StreamExecutionEnvironment onFlink = StreamExecutionEnvironment.createLocalEnvironment(2);
        windowCounts(onFlink, "readings-on-flink", "kafka on flink");
        FlinkRunner.execute(onFlink, org.apache.flink.streaming.api.environment.StreamExecutionEnvironment
                .createLocalEnvironment(2), "kafka on flink");

        List<String> onFlinkResults = Results.sorted("kafka on flink");
        assertThat(onFlinkResults).isEqualTo(Results.sorted("kafka embedded"));
        assertThat(total(onFlinkResults))
                .as("no record was late: each partition has its own watermark")
                .isEqualTo((long) PARTITIONS * PER_PARTITION);
    }

    @Test
    void watermarkAlignmentPassesToFlinksKafkaSourceAndChangesNoResult() throws Exception {
        produceReadings("aligned-readings-on-flink");
        // partition 2 starts two minutes ahead: it waits while the others catch up to within 30 s of it
        WatermarkStrategy<String> aligned = everyRecord().withWatermarkAlignment("readings", Duration.ofSeconds(30));

        StreamExecutionEnvironment embedded = StreamExecutionEnvironment.createLocalEnvironment(2);
        windowCounts(embedded, "aligned-readings-on-flink", "aligned embedded", aligned);
        embedded.execute("embedded");
        StreamExecutionEnvironment onFlink = StreamExecutionEnvironment.createLocalEnvironment(2);
        windowCounts(onFlink, "aligned-readings-on-flink", "aligned on flink", aligned);
        FlinkRunner.execute(onFlink, org.apache.flink.streaming.api.environment.StreamExecutionEnvironment
                .createLocalEnvironment(2), "aligned on flink");

        assertThat(Results.sorted("aligned on flink")).isEqualTo(Results.sorted("aligned embedded"));
        assertThat(total(Results.sorted("aligned on flink"))).isEqualTo((long) PARTITIONS * PER_PARTITION);
    }

    static final long COUNT = 5_000;
    static final AtomicBoolean FAILED = new AtomicBoolean();

    @Test
    void theExactlyOnceKafkaSinkCommitsWithFlinksCheckpointsAcrossAFailure() throws Exception {
        String topic = "exactly-once-on-flink";
        TestBroker.createTopic(topic, 2);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(2);
        env.addSource(new CheckpointedNumbers(COUNT, true)).name("numbers")
                .map(value -> {
                    if (value == COUNT * 3 / 4 && FAILED.compareAndSet(false, true)) {
                        throw new IllegalStateException("failing once at " + value);
                    }
                    return value;
                }).name("fail once")
                .sinkTo(KafkaSink.<Long>builder()
                        .bootstrapServers(TestBroker.bootstrap())
                        .topic(topic)
                        .serializer(KafkaRecordSerializer.<Long>utf8(value -> null, String::valueOf))
                        .deliveryGuarantee(DeliveryGuarantee.EXACTLY_ONCE)
                        .transactionalIdPrefix("on-flink")
                        .build()).name("to kafka");
        FlinkRunner.execute(env, ExactlyOnceOnFlinkTest.restartingWithCheckpoints(2), "exactly once to kafka");

        assertThat(FAILED).as("the job failed once and recovered").isTrue();
        List<Long> written = new ArrayList<>();
        for (ConsumerRecord<String, String> record : TestBroker.readCommitted(topic, 2)) {
            written.add(Long.parseLong(record.value()));
        }
        assertThat(written.stream().sorted().toList()).containsExactlyElementsOf(LongStream.range(0, COUNT).boxed().toList());
    }

    @Test
    void aDeserializerThatReturnsNullFailsTheJobNamingTheSourceAndTheRecord() throws Exception {
        String topic = "null-elements-on-flink";
        TestBroker.createTopic(topic, 1);
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(TestBroker.properties(),
                new StringSerializer(), new StringSerializer())) {
            producer.send(new ProducerRecord<>(topic, 0, 1_000L, null, "fine"));
            producer.send(new ProducerRecord<>(topic, 0, 2_000L, null, "unparseable"));
        }
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(1);
        env.fromSource(KafkaSource.<String>builder().bootstrapServers(TestBroker.bootstrap()).topics(topic).bounded()
                        .deserializer(record -> record.value()[0] == 'f' ? "fine" : null).build(),
                WatermarkStrategy.noWatermarks(), "parsed readings")
                .addSink(Results.sink("null elements"));

        assertThatThrownBy(() -> FlinkRunner.execute(env, org.apache.flink.streaming.api.environment
                .StreamExecutionEnvironment.createLocalEnvironment(1), "null elements"))
                .hasStackTraceContaining("operator 'parsed readings' failed")
                .hasStackTraceContaining("the deserializer returned null for the record at offset 1 of " + topic + "-0");
    }
}
