package dev.tidemark.connectors.kafka;

import dev.tidemark.api.functions.RuntimeContext;
import dev.tidemark.checkpoint.FunctionInitializationContext;

/** How a {@link KafkaSink} instance gets records into Kafka under its delivery guarantee. */
interface KafkaWriter {

    void initializeState(FunctionInitializationContext context) throws Exception;

    void open(RuntimeContext context) throws Exception;

    /** @param timestamp the record's timestamp, or {@code null} for none */
    void write(Long timestamp, byte[] key, byte[] value) throws Exception;

    void snapshotState(long checkpointId) throws Exception;

    void notifyCheckpointComplete(long checkpointId) throws Exception;

    /** The input ended. */
    void finish() throws Exception;

    void close() throws Exception;
}
