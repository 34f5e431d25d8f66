package dev.tidemark.flink;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.api.functions.Aggregations;
import dev.tidemark.api.functions.Collector;
import dev.tidemark.api.functions.ProcessWindowFunction;
import dev.tidemark.api.sink.SinkFunction;
import dev.tidemark.api.source.SourceFunction;
import dev.tidemark.connectors.file.FileSink;
import dev.tidemark.eventtime.WatermarkStrategy;
import dev.tidemark.windowing.assigners.TumblingEventTimeWindows;
import dev.tidemark.windowing.windows.TimeWindow;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.core.execution.JobClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real distributed run: a Flink session cluster of a JobManager and two TaskManagers, each its own
 * JVM, gets a keyed event-time window pipeline at parallelism 4 over its REST API. One TaskManager is
 * killed after a checkpoint; the job restarts from that checkpoint on the other, and the file sink's
 * output is exactly what the same pipeline writes embedded.
 */
class SessionClusterTest {

    static final long COUNT = 40_000;

    /** Per key ({@code n % 10}) and second of event time: how many numbers and their sum. */
    static final class Describe extends ProcessWindowFunction<Long, String, Long, TimeWindow> {
        @Override
        public void process(Long key, Context context, Iterable<Long> counts, Collector<String> out) {
            out.collect("key " + key + " " + context.window() + " count " + counts.iterator().next());
        }
    }

    static void windows(StreamExecutionEnvironment env, SourceFunction<Long> numbers, SinkFunction<String> sink) {
        env.addSource(numbers).name("numbers").uid("numbers")
                .assignTimestampsAndWatermarks(WatermarkStrategy.forMonotonousTimestamps())
                .keyBy(n -> n % 10)
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(1)))
                .aggregate(Aggregations.<Long>count(), new Describe()).name("counts").uid("counts")
                .addSink(sink).name("files").uid("files");
    }

    private static long completedCheckpoints(String body) {
        Matcher m = Pattern.compile("\"completed\"\\s*:\\s*(\\d+)").matcher(body);
        return m.find() ? Long.parseLong(m.group(1)) : 0;
    }

    @Test
    void theJobSurvivesKillingATaskManagerAndWritesItsWindowsExactlyOnce(@TempDir Path directory) throws Exception {
        Path output = directory.resolve("output");
        Path gate = directory.resolve("go on");
        StreamExecutionEnvironment embedded = StreamExecutionEnvironment.createLocalEnvironment(4);
        windows(embedded, new CheckpointedNumbers(COUNT, false), Results.sink("windows embedded"));
        embedded.execute("windows embedded");

        try (FlinkSessionCluster cluster = FlinkSessionCluster.start(directory, 2, 4)) {
            StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(4);
            windows(env, new CheckpointedNumbers(COUNT, true, gate), FileSink.lines(output.toString()));
            Configuration restarts = new Configuration();
            restarts.set(RestartStrategyOptions.RESTART_STRATEGY, "fixed-delay");
            restarts.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_ATTEMPTS, 20);
            restarts.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_DELAY, Duration.ofMillis(500));
            org.apache.flink.streaming.api.environment.StreamExecutionEnvironment flink =
                    org.apache.flink.streaming.api.environment.StreamExecutionEnvironment.createRemoteEnvironment(
                            "localhost", cluster.restPort(), restarts);
            flink.enableCheckpointing(200);
            FlinkRunner.translate(env, flink);

            JobClient job = flink.executeAsync("windows on a session cluster"); // over the REST API
            String checkpoints = "/jobs/" + job.getJobID() + "/checkpoints";
            cluster.await(checkpoints, body -> completedCheckpoints(body) >= 1, Duration.ofSeconds(120));
            cluster.killTaskManager(0);
            Files.createFile(gate);
            try {
                job.getJobExecutionResult().get(3, TimeUnit.MINUTES);
            } catch (Exception e) {
                throw new AssertionError("the job did not finish: " + e + "\n" + cluster.logs(), e);
            }

            assertThat(cluster.get("/jobs/" + job.getJobID() + "/exceptions"))
                    .as("the job lost a TaskManager and restarted").contains("\"timestamp\"");
        }
        assertThat(ExactlyOnceOnFlinkTest.committed(output)).isNotEmpty()
                .containsExactlyElementsOf(Results.sorted("windows embedded"));
    }
}
