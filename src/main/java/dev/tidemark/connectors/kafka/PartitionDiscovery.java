package dev.tidemark.connectors.kafka;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.regex.Pattern;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;

/** Lists the partitions of topics, with a bounded wait and errors that say what to check. */
final class PartitionDiscovery {

    private PartitionDiscovery() {}

    /** The partitions of {@code named} topics and of the topics matching {@code pattern} (may be null). */
    static List<TopicPartition> discover(Map<String, String> properties, List<String> named, Pattern pattern,
            Duration timeout) {
        List<String> topics = new ArrayList<>(named);
        Map<String, Object> config = new HashMap<>(properties);
        String millis = String.valueOf(Math.max(1, timeout.toMillis()));
        config.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, millis);
        config.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, millis);
        Admin admin = Admin.create(config);
        try {
            if (pattern != null) {
                for (String name : admin.listTopics().names().get(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                    if (pattern.matcher(name).matches() && !topics.contains(name)) {
                        topics.add(name);
                    }
                }
                if (topics.isEmpty()) {
                    throw new IllegalStateException("topic pattern must match an existing topic: pattern=" + pattern);
                }
            }
            Map<String, TopicDescription> described = admin.describeTopics(topics).allTopicNames()
                    .get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            List<TopicPartition> partitions = new ArrayList<>();
            for (String topic : topics) {
                described.get(topic).partitions().forEach(p -> partitions.add(new TopicPartition(topic, p.partition())));
            }
            partitions.sort(Comparator.comparing(TopicPartition::topic).thenComparingInt(TopicPartition::partition));
            return partitions;
        } catch (TimeoutException | ExecutionException e) {
            Throwable cause = e instanceof ExecutionException ? e.getCause() : e;
            if (cause instanceof UnknownTopicOrPartitionException) {
                throw new IllegalStateException("topics must exist: topics=" + topics + "; create them first", cause);
            }
            throw new IllegalStateException("Kafka must be reachable to discover partitions: bootstrap.servers="
                    + properties.get(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG) + ", timeout=" + timeout
                    + "; check the address and that the brokers are up", cause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("partition discovery was interrupted", e);
        } finally {
            admin.close(Duration.ZERO);
        }
    }
}
