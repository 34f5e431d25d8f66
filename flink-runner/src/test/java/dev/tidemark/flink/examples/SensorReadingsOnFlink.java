package dev.tidemark.flink.examples;

import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.examples.SensorReadingsExample;
import dev.tidemark.flink.FlinkRunner;

/**
 * The README's sensor-readings pipeline, unchanged, on Apache Flink: the library's example builds it
 * on a Tidemark environment, and the Flink runner executes it on Flink's environment (a local mini
 * cluster here; a cluster's own when the jar is submitted to one). It prints what the embedded run
 * prints: the mean per sensor and 5-second window, the straggler that fires its window again, and
 * the readings too late for it.
 *
 * <p>{@code mvn -q -f flink-runner/pom.xml test-compile exec:exec@example}, after the library's
 * {@code mvn -q install -DskipTests}.
 */
public final class SensorReadingsOnFlink {

    private SensorReadingsOnFlink() {}

    public static void main(String[] args) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create();
        SensorReadingsExample.build(env);
        FlinkRunner.execute(env, org.apache.flink.streaming.api.environment.StreamExecutionEnvironment
                .getExecutionEnvironment(), "sensor readings on Flink");
    }
}
