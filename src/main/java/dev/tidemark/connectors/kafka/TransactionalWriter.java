package dev.tidemark.connectors.kafka;

import dev.tidemark.api.functions.RuntimeContext;
import dev.tidemark.checkpoint.FunctionInitializationContext;
import dev.tidemark.state.ListState;
import dev.tidemark.state.ListStateDescriptor;
import java.io.Serializable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ListConsumerGroupOffsetsOptions;
import org.apache.kafka.clients.admin.ListConsumerGroupOffsetsSpec;
import org.apache.kafka.clients.consumer.ConsumerGroupMetadata;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.InvalidProducerEpochException;
import org.apache.kafka.common.errors.InvalidTxnStateException;
import org.apache.kafka.common.errors.ProducerFencedException;

/**
 * Exactly once, as a write-ahead log in the checkpoint committed by a Kafka transaction.
 *
 * <p>Records are kept, serialized, until the next checkpoint, which stores them as a numbered
 * batch of this writer (its <em>slot</em>: the instance's index). When that checkpoint completes
 * the due batches go to Kafka in one transaction of transactional id {@code <prefix>-<slot>},
 * which also sets the committed offset of consumer group {@code <prefix>-<slot>} on partition 0 of
 * the topic to the last batch's number: records and number become visible together or not at all.
 * After a restore, a batch numbered above its slot's committed offset was not committed and is
 * committed now; one at or below it was, and is skipped. Numbers grow across runs, since each run
 * continues from the committed offset. Opening the transactional ids first fences writers of an
 * earlier run and aborts a transaction a dead process left open.
 *
 * <p>After a restore at another parallelism the slots of the old run are shared out: instance
 * {@code i} of {@code n} recovers every old slot {@code s} with {@code s % n == i}, so no two
 * instances use one transactional id, and a slot's batches commit in their order.
 */
final class TransactionalWriter implements KafkaWriter {

    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(TransactionalWriter.class);

    /** What one instance holds in a checkpoint: its slot (every instance adds one, even with nothing pending) and its batches. */
    record WriterState(int slot, List<OutputBatch> pending) implements Serializable {}

    private final Map<String, Object> producerConfig;
    private final String topic;
    private final String prefix;
    private final TopicPartition markerPartition;
    private final OutputBatch.Buffer buffer = new OutputBatch.Buffer();
    private final List<OutputBatch> pending = new ArrayList<>(); // in checkpoint order
    private ListState<WriterState> state;
    private List<WriterState> restored;
    private KafkaProducer<byte[], byte[]> producer;
    private int slot;
    private long nextSequence;
    private boolean checkpointing;
    private boolean inTransaction;

    TransactionalWriter(Map<String, Object> producerConfig, String topic, String transactionalIdPrefix) {
        this.producerConfig = producerConfig;
        this.topic = topic;
        this.prefix = transactionalIdPrefix;
        this.markerPartition = new TopicPartition(topic, 0);
    }

    @Override
    public void initializeState(FunctionInitializationContext context) {
        state = context.getOperatorStateStore().getUnionListState(
                new ListStateDescriptor<>("kafka-sink-writers", WriterState.class));
        restored = new ArrayList<>();
        state.get().forEach(restored::add);
    }

    @Override
    public void open(RuntimeContext context) throws Exception {
        slot = context.getIndexOfThisSubtask();
        checkpointing = context.isCheckpointingEnabled();
        if (!checkpointing) {
            LOG.warn("Exactly-once Kafka sink without checkpointing: nothing becomes visible before the input ends, "
                    + "and until then every record is held in memory: topic={}, transactionalId={}", topic, id(slot));
        }
        producer = openProducer(slot);
        Map<Integer, List<OutputBatch>> slotsToRecover = slotsToRecover(context.getNumberOfParallelSubtasks());
        try (Admin admin = Admin.create(adminConfig())) {
            for (Map.Entry<Integer, List<OutputBatch>> entry : slotsToRecover.entrySet()) {
                int recovered = entry.getKey();
                KafkaProducer<byte[], byte[]> writer = recovered == slot ? producer : openProducer(recovered);
                try {
                    long committed = committedSequence(admin, recovered);
                    List<OutputBatch> due = entry.getValue().stream().filter(b -> b.sequence() > committed)
                            .sorted(Comparator.comparingLong(OutputBatch::sequence)).toList();
                    if (!due.isEmpty()) {
                        commit(writer, recovered, due);
                        LOG.info("Committed batches a restored checkpoint held: topic={}, transactionalId={}, batches={}",
                                topic, id(recovered), due.size());
                    }
                    if (recovered == slot) {
                        nextSequence = Math.max(committed, due.isEmpty() ? 0 : due.get(due.size() - 1).sequence()) + 1;
                    }
                } finally {
                    if (writer != producer) {
                        writer.close(Duration.ofSeconds(10));
                    }
                }
            }
        }
        restored = null;
    }

    /** This instance's own slot, and the old slots it takes over, each with its restored batches. */
    private Map<Integer, List<OutputBatch>> slotsToRecover(int parallelism) {
        Map<Integer, List<OutputBatch>> slots = new TreeMap<>();
        slots.put(slot, new ArrayList<>());
        for (WriterState writer : restored) {
            if (writer.slot() % parallelism == slot) {
                slots.computeIfAbsent(writer.slot(), s -> new ArrayList<>()).addAll(writer.pending());
            }
        }
        return slots;
    }

    @Override
    public void write(Long timestamp, byte[] key, byte[] value) {
        buffer.add(timestamp, key, value);
    }

    @Override
    public void snapshotState(long checkpointId) throws Exception {
        if (!buffer.isEmpty()) {
            pending.add(buffer.drain(slot, nextSequence++, checkpointId));
        }
        state.update(List.of(new WriterState(slot, List.copyOf(pending))));
    }

    @Override
    public void notifyCheckpointComplete(long checkpointId) {
        List<OutputBatch> due = new ArrayList<>();
        for (Iterator<OutputBatch> it = pending.iterator(); it.hasNext(); ) {
            OutputBatch batch = it.next();
            if (batch.checkpointId() <= checkpointId) {
                due.add(batch);
            }
        }
        if (!due.isEmpty()) {
            commit(producer, slot, due);
            pending.removeAll(due);
        }
    }

    /** Without periodic checkpoints, the input's end is when results become final. */
    @Override
    public void finish() {
        if (!checkpointing && !buffer.isEmpty()) {
            commit(producer, slot, List.of(buffer.drain(slot, nextSequence++, 0)));
        }
    }

    /** Closes the producer; a transaction cut short by a failure is aborted, so readers need not wait for its timeout. */
    @Override
    public void close() {
        if (producer == null) {
            return;
        }
        try {
            if (inTransaction) {
                producer.abortTransaction();
            }
        } catch (KafkaException e) {
            LOG.warn("Could not abort the open transaction: transactionalId={}, cause={}", id(slot), e.toString());
        } finally {
            producer.close(Duration.ofSeconds(10));
            producer = null;
        }
    }

    /** Writes {@code batches} of {@code batchSlot} in one transaction of that slot's id, with the slot's new committed number. */
    private void commit(KafkaProducer<byte[], byte[]> writer, int batchSlot, List<OutputBatch> batches) {
        boolean own = writer == producer;
        try {
            writer.beginTransaction();
            inTransaction = own;
            for (OutputBatch batch : batches) {
                batch.forEachRecord((timestamp, key, value) ->
                        writer.send(new ProducerRecord<>(topic, null, timestamp, key, value)));
            }
            long last = batches.get(batches.size() - 1).sequence();
            writer.sendOffsetsToTransaction(Map.of(markerPartition, new OffsetAndMetadata(last)),
                    new ConsumerGroupMetadata(id(batchSlot)));
            writer.commitTransaction();
            inTransaction = false;
        } catch (KafkaException e) {
            if (fenced(e)) {
                inTransaction = false; // a fenced producer can abort nothing
                throw new IllegalStateException("another writer took over transactional id '" + id(batchSlot)
                        + "' (does a second job use transactional id prefix '" + prefix + "'?): topic=" + topic
                    + ", cause=" + e, e);
            }
            // A commit racing with a newer producer's takeover can also fail with an unspecific server error
            throw new IllegalStateException("a transaction to Kafka must commit: topic=" + topic + ", transactional id '"
                    + id(batchSlot) + "' (if a second job uses transactional id prefix '" + prefix + "', it may have"
                    + " taken over), cause=" + e, e);
        }
    }

    /**
     * Whether a newer producer of the same transactional id caused {@code e}, directly or as the
     * cause of a later call's failure. The sink begins and ends its transactions in order, so an
     * invalid transaction state means a newer producer aborted the open one when it started.
     */
    private static boolean fenced(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof ProducerFencedException || t instanceof InvalidProducerEpochException
                    || t instanceof InvalidTxnStateException) {
                return true;
            }
        }
        return false;
    }

    /** The number of the slot's last committed batch; 0 if it has committed none. */
    private long committedSequence(Admin admin, int batchSlot) throws InterruptedException {
        String group = id(batchSlot);
        try {
            Map<TopicPartition, OffsetAndMetadata> offsets = admin.listConsumerGroupOffsets(
                    Map.of(group, new ListConsumerGroupOffsetsSpec().topicPartitions(List.of(markerPartition))),
                    new ListConsumerGroupOffsetsOptions().requireStable(true))
                    .partitionsToOffsetAndMetadata(group).get();
            OffsetAndMetadata committed = offsets.get(markerPartition);
            return committed == null ? 0 : committed.offset();
        } catch (ExecutionException e) {
            throw new IllegalStateException("cannot read which batches are committed: topic=" + topic
                    + ", consumerGroup=" + group + ", cause=" + e.getCause(), e.getCause());
        }
    }

    /** A producer of the slot's transactional id, fencing every earlier one. */
    private KafkaProducer<byte[], byte[]> openProducer(int producerSlot) {
        Map<String, Object> config = new HashMap<>(producerConfig);
        config.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, id(producerSlot));
        config.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        KafkaProducer<byte[], byte[]> opened = new KafkaProducer<>(config);
        try {
            opened.initTransactions();
        } catch (KafkaException e) {
            opened.close(Duration.ZERO);
            throw new IllegalStateException("cannot open transactional id '" + id(producerSlot) + "': topic=" + topic
                    + ", cause=" + e, e);
        }
        return opened;
    }

    /** The producer settings an admin client knows: the servers, security, timeouts. */
    private Map<String, Object> adminConfig() {
        Map<String, Object> config = new HashMap<>();
        producerConfig.forEach((key, value) -> {
            if (AdminClientConfig.configNames().contains(key)) {
                config.put(key, value);
            }
        });
        return config;
    }

    private String id(int writerSlot) {
        return prefix + "-" + writerSlot;
    }
}
