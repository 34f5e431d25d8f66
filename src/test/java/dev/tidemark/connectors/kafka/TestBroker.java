package dev.tidemark.connectors.kafka;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.test.TestKitNodes;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One real broker (KRaft, in-process, on loopback) for every Kafka test of the run, started at first
 * use and stopped when the test run ends: test classes that use it declare
 * {@code @ExtendWith(TestBroker.Lifecycle.class)}. (Not in a shutdown hook: Kafka's own hooks delete
 * the broker's directories at exit, and a broker that loses them halts the JVM with status 1.)
 */
public final class TestBroker {

    private static KafkaClusterTestKit cluster;

    private TestBroker() {}

    /** The broker's address, starting it if this is the first call. */
    public static synchronized String bootstrap() throws Exception {
        if (cluster == null) {
            KafkaClusterTestKit started = new KafkaClusterTestKit.Builder(new TestKitNodes.Builder()
                    .setCombined(true).setNumBrokerNodes(1).setNumControllerNodes(1).build())
                    .setConfigProp("transaction.state.log.replication.factor", "1") // one broker holds transactions too
                    .setConfigProp("transaction.state.log.min.isr", "1")
                    .setConfigProp("offsets.topic.replication.factor", "1")
                    .setConfigProp("transaction.state.log.num.partitions", "4") // created at first use: keep it quick
                    .setConfigProp("offsets.topic.num.partitions", "4")
                    .build();
            started.format();
            started.startup();
            started.waitForReadyBrokers();
            cluster = started;
        }
        return cluster.bootstrapServers();
    }

    private static synchronized void stop() throws Exception {
        if (cluster != null) {
            KafkaClusterTestKit stopping = cluster;
            cluster = null;
            stopping.close();
        }
    }

    /** Stops the broker when the whole test run ends (JUnit closes the root store then, before the JVM exits). */
    public static final class Lifecycle implements BeforeAllCallback {
        @Override
        public void beforeAll(ExtensionContext context) {
            context.getRoot().getStore(ExtensionContext.Namespace.GLOBAL).getOrComputeIfAbsent(TestBroker.class,
                    key -> (ExtensionContext.Store.CloseableResource) TestBroker::stop);
        }
    }

    /** Creates a topic and waits until every partition has a leader, so writing at once cannot race it. */
    public static void createTopic(String name, int partitions) throws Exception {
        try (Admin admin = Admin.create(properties())) {
            admin.createTopics(List.of(new NewTopic(name, partitions, (short) 1))).all().get();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (!everyPartitionHasALeader(admin, name)) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("partitions of " + name + " got no leader in 30 s");
                }
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(10));
            }
        }
    }

    /** Whether the topic is known to the broker, with a leader for each partition: right after creation it may not be yet. */
    private static boolean everyPartitionHasALeader(Admin admin, String topic) throws InterruptedException {
        try {
            return admin.describeTopics(List.of(topic)).allTopicNames().get().get(topic).partitions().stream()
                    .allMatch(p -> p.leader() != null && !p.leader().isEmpty());
        } catch (ExecutionException e) {
            if (e.getCause() instanceof UnknownTopicOrPartitionException) {
                return false;
            }
            throw new IllegalStateException("cannot describe topic " + topic, e.getCause());
        }
    }

    /**
     * Every record of the topic's partitions as a {@code read_committed} reader sees it, in
     * partition order then offset order, once no transaction is open on them: a commit returns
     * before the broker has written its markers, and a reader sees a transaction only after them.
     */
    public static List<ConsumerRecord<String, String>> readCommitted(String topic, int partitions) throws Exception {
        Properties props = properties();
        props.put("isolation.level", "read_committed");
        List<ConsumerRecord<String, String>> records = new ArrayList<>();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(props, new StringDeserializer(),
                new StringDeserializer())) {
            for (int p = 0; p < partitions; p++) {
                TopicPartition partition = new TopicPartition(topic, p);
                consumer.assign(List.of(partition));
                consumer.seekToBeginning(List.of(partition));
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
                long end = settledEnd(consumer, partition, deadline);
                while (consumer.position(partition) < end) {
                    if (System.nanoTime() > deadline) {
                        throw new IllegalStateException("could not read " + partition + " to offset " + end);
                    }
                    consumer.poll(Duration.ofMillis(100)).forEach(records::add);
                }
            }
        }
        return records;
    }

    /** The partition's last stable offset once it equals its high watermark: no transaction is open there. */
    private static long settledEnd(KafkaConsumer<String, String> committedReader, TopicPartition partition,
            long deadline) throws Exception {
        Properties props = properties();
        try (KafkaConsumer<String, String> uncommittedReader = new KafkaConsumer<>(props, new StringDeserializer(),
                new StringDeserializer())) {
            while (true) {
                long stable = committedReader.endOffsets(List.of(partition)).get(partition);
                if (stable == uncommittedReader.endOffsets(List.of(partition)).get(partition)) {
                    return stable;
                }
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("a transaction stayed open on " + partition + " for 30 s");
                }
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(5));
            }
        }
    }

    public static Properties properties() throws Exception {
        Properties props = new Properties();
        props.put("bootstrap.servers", bootstrap());
        return props;
    }
}
