package dev.tidemark.connectors.kafka;

import dev.tidemark.api.functions.RuntimeContext;
import dev.tidemark.checkpoint.FunctionInitializationContext;
import java.time.Duration;
import java.util.Map;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * Writes each record as it comes, without transactions. At least once: each checkpoint (and the
 * end of the input) flushes everything and fails the job if a write failed, so a checkpoint
 * completes only once everything before it is in Kafka. With no guarantee it does not flush at
 * checkpoints.
 */
final class FlushingWriter implements KafkaWriter {

    private final Map<String, Object> producerConfig;
    private final String topic;
    private final boolean flushAtCheckpoints;
    private KafkaProducer<byte[], byte[]> producer;
    private volatile Exception failure; // written by the producer's I/O thread, read by the task thread

    FlushingWriter(Map<String, Object> producerConfig, String topic, boolean flushAtCheckpoints) {
        this.producerConfig = producerConfig;
        this.topic = topic;
        this.flushAtCheckpoints = flushAtCheckpoints;
    }

    @Override
    public void initializeState(FunctionInitializationContext context) {}

    @Override
    public void open(RuntimeContext context) {
        producer = new KafkaProducer<>(producerConfig);
    }

    @Override
    public void write(Long timestamp, byte[] key, byte[] value) {
        checkFailure();
        producer.send(new ProducerRecord<>(topic, null, timestamp, key, value), (metadata, exception) -> {
            if (exception != null && failure == null) {
                failure = exception;
            }
        });
    }

    @Override
    public void snapshotState(long checkpointId) {
        if (flushAtCheckpoints) {
            finish();
        }
    }

    @Override
    public void notifyCheckpointComplete(long checkpointId) {}

    @Override
    public void finish() {
        producer.flush();
        checkFailure();
    }

    @Override
    public void close() {
        if (producer != null) {
            producer.close(Duration.ofSeconds(10));
        }
    }

    private void checkFailure() {
        Exception e = failure;
        if (e != null) {
            throw new IllegalStateException("a write to Kafka must succeed: topic=" + topic + ", cause=" + e, e);
        }
    }
}
