package dev.tidemark.connectors.kafka;

import dev.tidemark.api.functions.RichFunction;
import dev.tidemark.api.functions.RuntimeContext;
import dev.tidemark.api.sink.SinkFunction;
import dev.tidemark.checkpoint.CheckpointListener;
import dev.tidemark.checkpoint.CheckpointedFunction;
import dev.tidemark.checkpoint.FunctionInitializationContext;
import dev.tidemark.checkpoint.FunctionSnapshotContext;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * Writes elements to a Kafka topic. Each record carries the element's key (from the serializer)
 * and the element's timestamp when it has one; the producer waits for every in-sync replica.
 *
 * <p>What a failure does depends on the {@link DeliveryGuarantee}:
 * <ul>
 *   <li>{@code AT_LEAST_ONCE} (the default): each checkpoint, and the end of the input, flushes
 *       everything and fails the job if a write failed; after a restore, what was written after the
 *       checkpoint is written again.</li>
 *   <li>{@code EXACTLY_ONCE}: a {@code read_committed} reader sees each element once, across
 *       failures, crashes and restores at another parallelism. The records written between two
 *       checkpoints are kept in the second one and, once it completes, written in one Kafka
 *       transaction of transactional id {@code <prefix>-<instance>}; the same transaction records,
 *       as the committed offset of consumer group {@code <prefix>-<instance>} on partition 0 of the
 *       topic, how far this instance's output is committed, so that a restore commits what a crash
 *       left uncommitted and nothing twice. Unlike Flink's sink, which writes into a transaction
 *       that stays open until the checkpoint completes, no transaction is open between
 *       checkpoints: a crashed job leaves nothing that holds back {@code read_committed} readers,
 *       and {@code transaction.timeout.ms} need not exceed the checkpoint interval. The cost: the
 *       output between two checkpoints is held in memory and stored in the checkpoint. The prefix
 *       must be unique to the job (a second job with it fences the first, which then fails naming
 *       it) and stay the same across its restores.</li>
 *   <li>{@code NONE}: nothing is flushed at checkpoints.</li>
 * </ul>
 *
 * @param <T> the element type
 */
public final class KafkaSink<T> implements SinkFunction<T>, RichFunction, CheckpointedFunction, CheckpointListener {

    private static final long serialVersionUID = 1L;

    private final HashMap<String, String> properties;
    private final String topic;
    private final KafkaRecordSerializer<T> serializer;
    private final DeliveryGuarantee guarantee;
    private final String transactionalIdPrefix;
    private transient KafkaWriter writer;

    /**
     * At least once.
     *
     * @param bootstrapServers the brokers
     * @param topic where records go
     * @param serializer key and value of each element
     */
    public KafkaSink(String bootstrapServers, String topic, KafkaRecordSerializer<T> serializer) {
        this(Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers), topic, serializer);
    }

    /** At least once, as the other constructor, with any Kafka producer properties. */
    public KafkaSink(Map<String, String> producerProperties, String topic, KafkaRecordSerializer<T> serializer) {
        this(producerProperties, topic, serializer, DeliveryGuarantee.AT_LEAST_ONCE, null);
    }

    private KafkaSink(Map<String, String> producerProperties, String topic, KafkaRecordSerializer<T> serializer,
            DeliveryGuarantee guarantee, String transactionalIdPrefix) {
        this.properties = new HashMap<>(producerProperties);
        this.topic = Objects.requireNonNull(topic, "topic must not be null");
        this.serializer = Objects.requireNonNull(serializer, "serializer must not be null");
        this.guarantee = Objects.requireNonNull(guarantee, "delivery guarantee must not be null");
        this.transactionalIdPrefix = transactionalIdPrefix;
        if (!properties.containsKey(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG)) {
            throw new IllegalArgumentException("a Kafka sink needs bootstrap servers: topic=" + topic);
        }
        if (guarantee == DeliveryGuarantee.EXACTLY_ONCE) {
            if (transactionalIdPrefix == null || transactionalIdPrefix.isBlank()) {
                throw new IllegalArgumentException("an exactly-once Kafka sink needs a transactional id prefix, "
                        + "unique to the job: topic=" + topic);
            }
            if (properties.containsKey(ProducerConfig.TRANSACTIONAL_ID_CONFIG)) {
                throw new IllegalArgumentException("an exactly-once Kafka sink sets transactional.id itself, from "
                        + "the prefix: topic=" + topic + ", transactional.id=" + properties.get(ProducerConfig.TRANSACTIONAL_ID_CONFIG));
            }
            if ("false".equalsIgnoreCase(properties.get(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG))) {
                throw new IllegalArgumentException("an exactly-once Kafka sink needs enable.idempotence: topic=" + topic);
            }
        }
    }

    /** A builder: servers, topic and serializer are required; the guarantee is at least once unless set. */
    public static <T> Builder<T> builder() {
        return new Builder<>();
    }

    /** The delivery guarantee. */
    public DeliveryGuarantee deliveryGuarantee() {
        return guarantee;
    }

    @Override
    public void initializeState(FunctionInitializationContext context) throws Exception {
        Map<String, Object> config = new HashMap<>(properties);
        config.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        config.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        config.putIfAbsent(ProducerConfig.ACKS_CONFIG, "all");
        writer = guarantee == DeliveryGuarantee.EXACTLY_ONCE
                ? new TransactionalWriter(config, topic, transactionalIdPrefix)
                : new FlushingWriter(config, topic, guarantee == DeliveryGuarantee.AT_LEAST_ONCE);
        writer.initializeState(context);
    }

    @Override
    public void open(RuntimeContext context) throws Exception {
        writer.open(context);
    }

    @Override
    public void invoke(T value, Context context) throws Exception {
        Long timestamp = context.timestamp() == Long.MIN_VALUE ? null : context.timestamp();
        writer.write(timestamp, serializer.key(value), serializer.value(value));
    }

    @Override
    public void snapshotState(FunctionSnapshotContext context) throws Exception {
        writer.snapshotState(context.getCheckpointId());
    }

    @Override
    public void notifyCheckpointComplete(long checkpointId) throws Exception {
        writer.notifyCheckpointComplete(checkpointId);
    }

    @Override
    public void finish() throws Exception {
        writer.finish();
    }

    @Override
    public void close() throws Exception {
        if (writer != null) {
            writer.close();
        }
    }

    /** Builds a {@link KafkaSink}. */
    public static final class Builder<T> {
        private final Map<String, String> properties = new HashMap<>();
        private String topic;
        private KafkaRecordSerializer<T> serializer;
        private DeliveryGuarantee guarantee = DeliveryGuarantee.AT_LEAST_ONCE;
        private String transactionalIdPrefix;

        private Builder() {}

        public Builder<T> bootstrapServers(String servers) {
            return property(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, servers);
        }

        public Builder<T> topic(String name) {
            this.topic = name;
            return this;
        }

        public Builder<T> serializer(KafkaRecordSerializer<T> recordSerializer) {
            this.serializer = recordSerializer;
            return this;
        }

        public Builder<T> deliveryGuarantee(DeliveryGuarantee deliveryGuarantee) {
            this.guarantee = deliveryGuarantee;
            return this;
        }

        /** Names the exactly-once sink's transactional ids and commit groups; unique to the job, stable across its restores. */
        public Builder<T> transactionalIdPrefix(String prefix) {
            this.transactionalIdPrefix = prefix;
            return this;
        }

        /** Any Kafka producer property. */
        public Builder<T> property(String key, String value) {
            properties.put(Objects.requireNonNull(key, "key must not be null"),
                    Objects.requireNonNull(value, "value must not be null"));
            return this;
        }

        public KafkaSink<T> build() {
            return new KafkaSink<>(properties, topic, serializer, guarantee, transactionalIdPrefix);
        }
    }
}
