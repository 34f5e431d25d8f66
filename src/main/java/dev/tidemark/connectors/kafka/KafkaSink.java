package dev.tidemark.connectors.kafka;

import dev.tidemark.api.functions.RichFunction;
import dev.tidemark.api.functions.RuntimeContext;
import dev.tidemark.api.sink.SinkFunction;
import dev.tidemark.checkpoint.CheckpointedFunction;
import dev.tidemark.checkpoint.FunctionInitializationContext;
import dev.tidemark.checkpoint.FunctionSnapshotContext;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * Writes elements to a Kafka topic, at least once: the producer waits for every in-sync replica,
 * and each checkpoint (and the end of the input) flushes everything, failing the job if a write
 * failed, so a checkpoint completes only once everything before it is in Kafka. After a restore,
 * what was written after the checkpoint is written again (transactions are a later step). Each record
 * carries the element's key (from the serializer) and the element's timestamp when it has one.
 *
 * @param <T> the element type
 */
public final class KafkaSink<T> implements SinkFunction<T>, RichFunction, CheckpointedFunction {

    private static final long serialVersionUID = 1L;

    private final HashMap<String, String> properties;
    private final String topic;
    private final KafkaRecordSerializer<T> serializer;
    private transient KafkaProducer<byte[], byte[]> producer;
    private transient volatile Exception failure; // written by the producer's I/O thread, read by the task thread

    /**
     * @param bootstrapServers the brokers
     * @param topic where records go
     * @param serializer key and value of each element
     */
    public KafkaSink(String bootstrapServers, String topic, KafkaRecordSerializer<T> serializer) {
        this(Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers), topic, serializer);
    }

    /** As the other constructor, with any Kafka producer properties. */
    public KafkaSink(Map<String, String> producerProperties, String topic, KafkaRecordSerializer<T> serializer) {
        this.properties = new HashMap<>(producerProperties);
        this.topic = Objects.requireNonNull(topic, "topic must not be null");
        this.serializer = Objects.requireNonNull(serializer, "serializer must not be null");
    }

    @Override
    public void open(RuntimeContext context) {
        Map<String, Object> config = new HashMap<>(properties);
        config.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        config.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        config.putIfAbsent(ProducerConfig.ACKS_CONFIG, "all");
        producer = new KafkaProducer<>(config);
    }

    @Override
    public void invoke(T value, Context context) throws Exception {
        checkFailure();
        Long timestamp = context.timestamp() == Long.MIN_VALUE ? null : context.timestamp();
        producer.send(new ProducerRecord<>(topic, null, timestamp, serializer.key(value), serializer.value(value)),
                (metadata, exception) -> {
                    if (exception != null && failure == null) {
                        failure = exception;
                    }
                });
    }

    @Override
    public void initializeState(FunctionInitializationContext context) {}

    @Override
    public void snapshotState(FunctionSnapshotContext context) throws Exception {
        finish();
    }

    @Override
    public void finish() throws Exception {
        producer.flush();
        checkFailure();
    }

    @Override
    public void close() {
        if (producer != null) {
            producer.close(Duration.ofSeconds(10));
        }
    }

    private void checkFailure() throws Exception {
        Exception e = failure;
        if (e != null) {
            throw new IllegalStateException("a write to Kafka must succeed: topic=" + topic + ", cause=" + e, e);
        }
    }
}
