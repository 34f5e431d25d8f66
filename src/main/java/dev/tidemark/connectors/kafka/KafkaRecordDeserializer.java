package dev.tidemark.connectors.kafka;

import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * Turns a Kafka record into an element; must not return null.
 *
 * @param <T> the element type
 */
@FunctionalInterface
public interface KafkaRecordDeserializer<T> extends Serializable {

    T deserialize(ConsumerRecord<byte[], byte[]> record) throws Exception;

    /** The record's value as UTF-8 text. */
    static KafkaRecordDeserializer<String> utf8Values() {
        return record -> new String(record.value(), StandardCharsets.UTF_8);
    }

    /** The record's value, mapped from UTF-8 text. */
    static <T> KafkaRecordDeserializer<T> utf8Values(ValueMapping<T> mapping) {
        return record -> mapping.map(new String(record.value(), StandardCharsets.UTF_8));
    }

    /** Maps a record's text value to an element. */
    @FunctionalInterface
    interface ValueMapping<T> extends Serializable {
        T map(String value) throws Exception;
    }
}
