package dev.tidemark.connectors.kafka;

import dev.tidemark.api.source.SplitSource;
import dev.tidemark.checkpoint.CheckpointListener;
import dev.tidemark.checkpoint.CheckpointedFunction;
import dev.tidemark.checkpoint.FunctionInitializationContext;
import dev.tidemark.checkpoint.FunctionSnapshotContext;
import dev.tidemark.runtime.task.ElementPull;
import dev.tidemark.state.ListState;
import dev.tidemark.state.ListStateDescriptor;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.consumer.OffsetAndTimestamp;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * Reads Kafka topics, one split per partition, spread over the source's parallel instances. Use it
 * with {@code env.fromSource(source, strategy, name)}: the watermark strategy then runs per
 * partition and partitions are combined by minimum, idle ones left out (see {@code SplitSource}).
 * Each element's record timestamp is the Kafka record's timestamp, so a strategy without its own
 * timestamp assigner uses it.
 *
 * <p>Partitions are discovered when the source is built (a broker that cannot be reached fails
 * {@link Builder#build()} after the discovery timeout). In bounded mode the source stops at the
 * offsets that were the latest when it started. Watermark alignment pauses partitions through the
 * consumer.
 *
 * <p>Checkpoints hold each partition's next offset (and in bounded mode where it stops), so a
 * restored job reads on exactly where the checkpoint was taken, also at another parallelism. When a
 * checkpoint completes its offsets are committed to the consumer group, if one is set, for
 * monitoring; restores never read them.
 *
 * @param <T> the element type
 */
public final class KafkaSource<T> implements SplitSource<T>, CheckpointedFunction, CheckpointListener {

    private static final long serialVersionUID = 1L;
    private static final Duration POLL_TIMEOUT = Duration.ofMillis(100);

    private final HashMap<String, String> properties;
    private final ArrayList<TopicPartition> partitions;
    private final StartingOffsets startingOffsets;
    private final boolean bounded;
    private final KafkaRecordDeserializer<T> deserializer;
    private transient volatile KafkaConsumer<byte[], byte[]> consumer; // written by the source thread, read by cancel
    private volatile boolean running = true;
    private transient ListState<String> offsetState;
    private transient Map<TopicPartition, long[]> restored; // {next offset, stop offset or -1}
    private transient Map<TopicPartition, long[]> positions; // guarded by the checkpoint lock
    private transient Map<Long, Map<TopicPartition, OffsetAndMetadata>> snapshots; // by checkpoint id, lock
    private transient volatile Map<TopicPartition, OffsetAndMetadata> toCommit; // for the source thread

    KafkaSource(Map<String, String> properties, List<TopicPartition> partitions, StartingOffsets startingOffsets,
            boolean bounded, KafkaRecordDeserializer<T> deserializer) {
        this.properties = new HashMap<>(properties);
        this.partitions = new ArrayList<>(partitions);
        this.startingOffsets = startingOffsets;
        this.bounded = bounded;
        this.deserializer = deserializer;
    }

    /** A builder; give at least the bootstrap servers, the topics and a deserializer. */
    public static <T> Builder<T> builder() {
        return new Builder<>();
    }

    /** The partitions, in split order. */
    public List<TopicPartition> partitions() {
        return List.copyOf(partitions);
    }

    /** The consumer properties, bootstrap servers and group id among them (for runners and tools). */
    public Map<String, String> properties() {
        return Map.copyOf(properties);
    }

    /** Where each partition starts when the job does not restore from a checkpoint. */
    public StartingOffsets startingOffsets() {
        return startingOffsets;
    }

    /** Whether the source stops at the offsets that were the latest when the job started. */
    public boolean isBounded() {
        return bounded;
    }

    /** How records become elements. */
    public KafkaRecordDeserializer<T> deserializer() {
        return deserializer;
    }

    @Override
    public int splitCount() {
        return partitions.size();
    }

    /**
     * Restores each partition's next offset (and, bounded, where it stops) from a checkpoint: a union
     * list, so after rescaling each instance finds the partitions it now owns. Until the consumer runs,
     * the restored offsets are what a checkpoint writes back; an instance may then write offsets of
     * partitions it does not own, never ahead of the owner's, so the largest offset of a partition wins.
     */
    @Override
    public void initializeState(FunctionInitializationContext context) {
        offsetState = context.getOperatorStateStore().getUnionListState(
                new ListStateDescriptor<>("kafka-offsets", String.class));
        restored = new HashMap<>();
        for (String entry : offsetState.get()) {
            String[] f = entry.split("\t");
            restored.merge(new TopicPartition(f[0], Integer.parseInt(f[1])),
                    new long[] {Long.parseLong(f[2]), Long.parseLong(f[3])}, (a, b) -> a[0] >= b[0] ? a : b);
        }
        positions = new HashMap<>();
        restored.forEach((tp, p) -> positions.put(tp, p.clone()));
        snapshots = new java.util.TreeMap<>();
    }

    @Override
    public void snapshotState(FunctionSnapshotContext context) {
        List<String> entries = new ArrayList<>();
        Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
        positions.forEach((tp, p) -> {
            entries.add(tp.topic() + "\t" + tp.partition() + "\t" + p[0] + "\t" + p[1]);
            offsets.put(tp, new OffsetAndMetadata(p[0]));
        });
        offsetState.update(entries);
        snapshots.put(context.getCheckpointId(), offsets);
    }

    /** Commits the checkpoint's offsets to the consumer group (for monitoring; restores use the checkpoint). */
    @Override
    public void notifyCheckpointComplete(long checkpointId) {
        Map<TopicPartition, OffsetAndMetadata> offsets = snapshots.remove(checkpointId);
        snapshots.keySet().removeIf(id -> id < checkpointId);
        if (offsets != null && !offsets.isEmpty() && properties.containsKey(ConsumerConfig.GROUP_ID_CONFIG)) {
            toCommit = offsets; // the consumer is not thread-safe: its own thread commits
        }
    }

    @Override
    public void run(SplitContext<T> ctx) throws Exception {
        List<Integer> owned = ctx.ownedSplits();
        if (owned.isEmpty()) {
            return;
        }
        Map<TopicPartition, Integer> splitOf = new HashMap<>();
        for (int split : owned) {
            splitOf.put(partitions.get(split), split);
        }
        KafkaConsumer<byte[], byte[]> kafka = new KafkaConsumer<>(consumerProperties());
        try {
            consumer = kafka;
            kafka.assign(splitOf.keySet());
            seek(kafka, splitOf.keySet());
            Map<TopicPartition, Long> stopAt = bounded ? new HashMap<>(kafka.endOffsets(splitOf.keySet())) : Map.of();
            Object lock = ctx.split(owned.get(0)).getCheckpointLock();
            synchronized (lock) {
                positions.keySet().retainAll(splitOf.keySet());
                for (TopicPartition tp : splitOf.keySet()) {
                    long[] from = restored == null ? null : restored.get(tp);
                    if (from != null) {
                        kafka.seek(tp, from[0]);
                        if (bounded && from[1] >= 0) {
                            stopAt.put(tp, from[1]);
                        }
                    }
                    positions.put(tp, new long[] {kafka.position(tp), bounded ? stopAt.get(tp) : -1});
                }
            }
            List<TopicPartition> open = new ArrayList<>(splitOf.keySet());
            if (bounded) {
                for (TopicPartition tp : List.copyOf(open)) {
                    if (kafka.position(tp) >= stopAt.get(tp)) {
                        finish(ctx, kafka, open, tp, splitOf.get(tp));
                    }
                }
            }
            while (running && !open.isEmpty()) {
                commitCompletedCheckpoint(kafka);
                applyPauses(ctx, kafka, open, splitOf);
                Iterator<ConsumerRecord<byte[], byte[]>> records = kafka.poll(POLL_TIMEOUT).iterator();
                if (records.hasNext()) { // the polled batch, without a lock per record
                    ElementPull.drain(ctx.split(splitOf.get(open.get(0))), () -> {
                        if (!records.hasNext()) {
                            return false;
                        }
                        emit(records.next(), ctx, kafka, open, splitOf, stopAt);
                        return true;
                    });
                }
                if (bounded) {
                    finishPassedEnds(ctx, kafka, open, splitOf, stopAt);
                }
            }
        } catch (WakeupException cancelled) {
            // cancel() woke the consumer
        } finally {
            consumer = null;
            boolean interrupted = Thread.interrupted(); // cancellation interrupts; let close finish cleanly
            kafka.close(Duration.ofSeconds(1)); // manually assigned: no group to leave, only fetches to abandon
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Emits {@code record} unless its partition is done, and finishes a bounded partition at its end. */
    private void emit(ConsumerRecord<byte[], byte[]> record, SplitContext<T> ctx, KafkaConsumer<byte[], byte[]> kafka,
            List<TopicPartition> open, Map<TopicPartition, Integer> splitOf, Map<TopicPartition, Long> stopAt)
            throws Exception {
        TopicPartition tp = new TopicPartition(record.topic(), record.partition());
        if (!open.contains(tp) || (bounded && record.offset() >= stopAt.get(tp))) {
            return;
        }
        int split = splitOf.get(tp);
        T value = deserializer.deserialize(record);
        ctx.split(split).collectWithTimestamp(value, record.timestamp());
        positions.get(tp)[0] = record.offset() + 1;
        if (bounded && record.offset() + 1 >= stopAt.get(tp)) {
            finish(ctx, kafka, open, tp, split);
        }
    }

    /**
     * Finishes the bounded partitions whose position has reached their end without a record there:
     * the last offsets of a transactional topic are transaction markers, and with read_committed
     * aborted records are skipped, so no record may ever carry the last offset.
     */
    private void finishPassedEnds(SplitContext<T> ctx, KafkaConsumer<byte[], byte[]> kafka, List<TopicPartition> open,
            Map<TopicPartition, Integer> splitOf, Map<TopicPartition, Long> stopAt) {
        for (TopicPartition tp : List.copyOf(open)) {
            if (kafka.position(tp) >= stopAt.get(tp)) {
                synchronized (ctx.split(splitOf.get(tp)).getCheckpointLock()) {
                    positions.get(tp)[0] = Math.max(positions.get(tp)[0], kafka.position(tp));
                }
                finish(ctx, kafka, open, tp, splitOf.get(tp));
            }
        }
    }

    private void commitCompletedCheckpoint(KafkaConsumer<byte[], byte[]> kafka) {
        Map<TopicPartition, OffsetAndMetadata> offsets = toCommit;
        if (offsets != null) {
            toCommit = null;
            kafka.commitAsync(offsets, null);
        }
    }

    private void finish(SplitContext<T> ctx, KafkaConsumer<byte[], byte[]> kafka, List<TopicPartition> open,
            TopicPartition tp, int split) {
        open.remove(tp);
        kafka.pause(List.of(tp));
        ctx.finishSplit(split);
    }

    private void applyPauses(SplitContext<T> ctx, KafkaConsumer<byte[], byte[]> kafka, List<TopicPartition> open,
            Map<TopicPartition, Integer> splitOf) {
        List<TopicPartition> pause = new ArrayList<>();
        List<TopicPartition> resume = new ArrayList<>();
        for (TopicPartition tp : open) {
            (ctx.isPaused(splitOf.get(tp)) ? pause : resume).add(tp);
        }
        kafka.pause(pause);
        kafka.resume(resume);
    }

    private void seek(KafkaConsumer<byte[], byte[]> kafka, Collection<TopicPartition> owned) {
        if (startingOffsets instanceof StartingOffsets.Earliest) {
            kafka.seekToBeginning(owned);
        } else if (startingOffsets instanceof StartingOffsets.Latest) {
            kafka.seekToEnd(owned);
        } else if (startingOffsets instanceof StartingOffsets.Committed) {
            Map<TopicPartition, OffsetAndMetadata> committed = kafka.committed(java.util.Set.copyOf(owned));
            for (TopicPartition tp : owned) {
                OffsetAndMetadata offset = committed.get(tp);
                if (offset == null) {
                    kafka.seekToBeginning(List.of(tp));
                } else {
                    kafka.seek(tp, offset.offset());
                }
            }
        } else if (startingOffsets instanceof StartingOffsets.Timestamp t) {
            Map<TopicPartition, Long> query = new HashMap<>();
            owned.forEach(tp -> query.put(tp, t.timestampMillis()));
            Map<TopicPartition, OffsetAndTimestamp> found = kafka.offsetsForTimes(query);
            for (TopicPartition tp : owned) {
                OffsetAndTimestamp offset = found.get(tp);
                if (offset == null) {
                    kafka.seekToEnd(List.of(tp));
                } else {
                    kafka.seek(tp, offset.offset());
                }
            }
        }
    }

    private Map<String, Object> consumerProperties() {
        Map<String, Object> props = new HashMap<>(properties);
        props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        props.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        return props;
    }

    @Override
    public void cancel() {
        running = false;
        KafkaConsumer<byte[], byte[]> kafka = consumer;
        if (kafka != null) {
            kafka.wakeup();
        }
    }

    /** Builds a {@link KafkaSource}; {@link #build()} discovers the partitions. */
    public static final class Builder<T> {
        private final Map<String, String> properties = new HashMap<>();
        private final List<String> topics = new ArrayList<>();
        private java.util.regex.Pattern topicPattern;
        private StartingOffsets startingOffsets = StartingOffsets.earliest();
        private boolean bounded;
        private KafkaRecordDeserializer<T> deserializer;
        private Duration discoveryTimeout = Duration.ofSeconds(30);

        private Builder() {}

        public Builder<T> bootstrapServers(String servers) {
            properties.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, Objects.requireNonNull(servers, "servers must not be null"));
            return this;
        }

        public Builder<T> topics(String... names) {
            topics.addAll(List.of(names));
            return this;
        }

        /** Every topic whose whole name matches {@code pattern}, as they exist when the source is built. */
        public Builder<T> topicPattern(java.util.regex.Pattern pattern) {
            this.topicPattern = Objects.requireNonNull(pattern, "pattern must not be null");
            return this;
        }

        /** The consumer group (needed for committed offsets). */
        public Builder<T> groupId(String groupId) {
            return property(ConsumerConfig.GROUP_ID_CONFIG, groupId);
        }

        public Builder<T> startingOffsets(StartingOffsets offsets) {
            this.startingOffsets = Objects.requireNonNull(offsets, "starting offsets must not be null");
            return this;
        }

        /** Stops at the offsets that are the latest when the job starts, then ends the stream. */
        public Builder<T> bounded() {
            this.bounded = true;
            return this;
        }

        public Builder<T> deserializer(KafkaRecordDeserializer<T> deserializer) {
            this.deserializer = Objects.requireNonNull(deserializer, "deserializer must not be null");
            return this;
        }

        /** Any Kafka consumer property. */
        /**
         * Reads only records of committed transactions (Kafka's {@code isolation.level=read_committed}),
         * as a consumer of an exactly-once producer's topic must; a bounded read then ends at the last
         * stable offset.
         */
        public Builder<T> readCommitted() {
            return property(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        }

        public Builder<T> property(String key, String value) {
            properties.put(Objects.requireNonNull(key), Objects.requireNonNull(value));
            return this;
        }

        /** How long {@link #build()} waits for the brokers to list the partitions (default 30 s). */
        public Builder<T> discoveryTimeout(Duration timeout) {
            this.discoveryTimeout = Objects.requireNonNull(timeout, "timeout must not be null");
            return this;
        }

        /**
         * Discovers the topics' partitions and builds the source.
         *
         * @throws IllegalStateException if the brokers cannot be reached in time or a topic does not exist
         */
        public KafkaSource<T> build() {
            if (!properties.containsKey(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG)) {
                throw new IllegalStateException("bootstrap servers must be set: call bootstrapServers(...)");
            }
            if (topics.isEmpty() && topicPattern == null) {
                throw new IllegalStateException("topics must be set: call topics(...) or topicPattern(...)");
            }
            if (deserializer == null) {
                throw new IllegalStateException("deserializer must be set: call deserializer(...)");
            }
            if (startingOffsets instanceof StartingOffsets.Committed && !properties.containsKey(ConsumerConfig.GROUP_ID_CONFIG)) {
                throw new IllegalStateException("group id must be set for committed offsets: call groupId(...)");
            }
            List<TopicPartition> partitions = PartitionDiscovery.discover(properties, topics, topicPattern, discoveryTimeout);
            return new KafkaSource<>(properties, partitions, startingOffsets, bounded, deserializer);
        }
    }
}
