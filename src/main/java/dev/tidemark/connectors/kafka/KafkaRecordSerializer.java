package dev.tidemark.connectors.kafka;

import java.io.Serializable;

/**
 * Turns an element into the key and value of a Kafka record (as bytes); the record's timestamp is
 * the element's timestamp.
 *
 * @param <T> the element type
 */
public interface KafkaRecordSerializer<T> extends Serializable {

    /** The record key, or {@code null} for none (partitioned round-robin by the producer). */
    byte[] key(T element);

    /** The record value. */
    byte[] value(T element);

    /** UTF-8 text: {@code keyOf} and {@code valueOf} render the key (or return null) and the value. */
    static <T> KafkaRecordSerializer<T> utf8(TextOf<T> keyOf, TextOf<T> valueOf) {
        return new KafkaRecordSerializer<>() {
            private static final long serialVersionUID = 1L;

            @Override
            public byte[] key(T element) {
                String key = keyOf.text(element);
                return key == null ? null : key.getBytes(java.nio.charset.StandardCharsets.UTF_8);
            }

            @Override
            public byte[] value(T element) {
                return valueOf.text(element).getBytes(java.nio.charset.StandardCharsets.UTF_8);
            }
        };
    }

    /** Renders an element as text. */
    @FunctionalInterface
    interface TextOf<T> extends Serializable {
        String text(T element);
    }
}
