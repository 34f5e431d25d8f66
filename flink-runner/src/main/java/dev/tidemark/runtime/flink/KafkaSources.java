package dev.tidemark.runtime.flink;

import dev.tidemark.connectors.kafka.KafkaRecordDeserializer;
import dev.tidemark.connectors.kafka.StartingOffsets;
import dev.tidemark.runtime.operators.OperatorException;
import java.util.HashSet;
import java.util.Properties;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.connector.kafka.source.KafkaSourceBuilder;
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import org.apache.flink.connector.kafka.source.reader.deserializer.KafkaRecordDeserializationSchema;
import org.apache.flink.util.Collector;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.OffsetResetStrategy;

/**
 * Tidemark's Kafka source as Flink's: the same partitions, starting offsets, bound, consumer
 * properties and deserializer. Flink's source keeps each partition's offset in its checkpoints,
 * runs the watermark strategy per partition and commits offsets to the consumer group when a
 * checkpoint completes, as Tidemark's does. Only this class needs Flink's Kafka connector, and it
 * loads only for a pipeline with a Kafka source ({@link Connectors} tells which).
 */
final class KafkaSources {

    /**
     * Flink's Kafka source reading what {@code source} reads, producing {@code type}; typed as any
     * source, so that the translator's code names no class of Flink's Kafka connector.
     */
    static <T> org.apache.flink.api.connector.source.Source<T, ?, ?> of(Object source, TypeInformation<T> type,
            String operator) {
        @SuppressWarnings("unchecked")
        dev.tidemark.connectors.kafka.KafkaSource<T> kafka = (dev.tidemark.connectors.kafka.KafkaSource<T>) source;
        Properties properties = new Properties();
        properties.putAll(kafka.properties());
        KafkaSourceBuilder<T> builder = KafkaSource.<T>builder()
                .setProperties(properties)
                .setPartitions(new HashSet<>(kafka.partitions()))
                .setStartingOffsets(offsets(kafka.startingOffsets()))
                .setDeserializer(new Deserializer<>(kafka.deserializer(), type, operator));
        if (kafka.isBounded()) {
            builder.setBounded(OffsetsInitializer.latest());
        }
        return builder.build();
    }

    private static OffsetsInitializer offsets(StartingOffsets offsets) {
        if (offsets instanceof StartingOffsets.Latest) {
            return OffsetsInitializer.latest();
        }
        if (offsets instanceof StartingOffsets.Committed) {
            return OffsetsInitializer.committedOffsets(OffsetResetStrategy.EARLIEST);
        }
        if (offsets instanceof StartingOffsets.Timestamp timestamp) {
            return OffsetsInitializer.timestamp(timestamp.timestampMillis());
        }
        return OffsetsInitializer.earliest();
    }

    /** A Tidemark deserializer as Flink's; a null element or a failure names the operator and the record. */
    private static final class Deserializer<T> implements KafkaRecordDeserializationSchema<T> {
        private final KafkaRecordDeserializer<T> deserializer;
        private final TypeInformation<T> type;
        private final String operator;

        Deserializer(KafkaRecordDeserializer<T> deserializer, TypeInformation<T> type, String operator) {
            this.deserializer = deserializer;
            this.type = type;
            this.operator = operator;
        }

        @Override
        public void deserialize(ConsumerRecord<byte[], byte[]> record, Collector<T> out) {
            T value;
            try {
                value = deserializer.deserialize(record);
            } catch (Exception e) {
                throw OperatorException.tag(operator, new IllegalStateException(
                        "the deserializer failed on " + where(record) + ": " + e, e));
            }
            if (value == null) {
                throw OperatorException.tag(operator, new NullPointerException(
                        "the deserializer returned null for " + where(record)));
            }
            out.collect(value);
        }

        private static String where(ConsumerRecord<?, ?> record) {
            return "the record at offset " + record.offset() + " of " + record.topic() + "-" + record.partition();
        }

        @Override
        public TypeInformation<T> getProducedType() {
            return type;
        }
    }
}
