package dev.tidemark.runtime.flink;

/**
 * Which of Tidemark's connectors a source is, and whether the Flink connector it runs as is on the
 * class path, asked without touching any connector class: a job without Kafka or files runs
 * without Flink's Kafka or file connector, so nothing here may make the JVM load one.
 */
final class Connectors {

    static final String TIDEMARK_KAFKA_SOURCE = "dev.tidemark.connectors.kafka.KafkaSource";

    private Connectors() {}

    /** Whether {@code function} is Tidemark's Kafka source. */
    static boolean isKafkaSource(Object function) {
        return function.getClass().getName().equals(TIDEMARK_KAFKA_SOURCE);
    }

    /** Why the Kafka source cannot run on this class path, or {@code null}. */
    static String kafkaProblem() {
        return missing("org.apache.flink.connector.kafka.source.KafkaSource", "Kafka source",
                "org.apache.flink:flink-connector-kafka (the version for this Flink)");
    }

    /** Why the file source cannot run on this class path, or {@code null}. */
    static String fileProblem() {
        return missing("org.apache.flink.connector.file.src.FileSource", "file source",
                "org.apache.flink:flink-connector-files (Flink's distribution has it; a local run needs it)");
    }

    private static String missing(String flinkClass, String source, String artifact) {
        try {
            Class.forName(flinkClass, false, Connectors.class.getClassLoader());
            return null;
        } catch (ClassNotFoundException | LinkageError e) {
            return "its " + source + " runs as Flink's " + source + ", and Flink's connector is not on the class path:"
                    + " add " + artifact + " to the job";
        }
    }
}
