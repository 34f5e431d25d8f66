package dev.tidemark.examples;

import dev.tidemark.api.JobClient;
import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.api.functions.MapFunction;
import dev.tidemark.checkpoint.RestartStrategy;
import dev.tidemark.connectors.file.FileSink;
import dev.tidemark.eventtime.WatermarkStrategy;
import dev.tidemark.windowing.assigners.TumblingEventTimeWindows;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;

/**
 * Counts the bundled sensor readings per sensor in 5-second windows with checkpoints every 50 ms,
 * crashes once half way, restarts from the latest checkpoint on its own, and prints the part files
 * the exactly-once file sink committed: the same counts as a run without the crash, none twice.
 *
 * <p>Run it with {@code mvn -q test-compile exec:java@example -Dexample.main=dev.tidemark.examples.CheckpointExample}.
 */
public final class CheckpointExample {

    /** Parses a CSV line; slowly, so checkpoints complete between readings; fails once on the tenth. */
    static final class ParseOnceFailing implements MapFunction<String, String[]> {
        static volatile boolean crashed;
        private int seen;

        @Override
        public String[] map(String line) throws InterruptedException {
            Thread.sleep(30);
            if (++seen == 10 && !crashed) {
                crashed = true;
                throw new IllegalStateException("simulated crash at the tenth reading");
            }
            return line.split(",");
        }
    }

    public static void main(String[] args) throws Exception {
        Path output = Files.createTempDirectory("tidemark-out");
        Path checkpoints = Files.createTempDirectory("tidemark-checkpoints");
        List<String> lines = SensorReadingsExample.readLines("/examples/sensor-readings.csv").stream()
                .filter(l -> !l.startsWith("#")).toList();

        var env = StreamExecutionEnvironment.create();
        env.enableCheckpointing(Duration.ofMillis(50), checkpoints);
        env.getCheckpointConfig().setRestartStrategy(RestartStrategy.fixedDelay(3, Duration.ofMillis(100)));
        env.fromElements(lines.toArray(new String[0]))
                .map(new ParseOnceFailing())
                .assignTimestampsAndWatermarks(WatermarkStrategy.<String[]>forBoundedOutOfOrderness(Duration.ofSeconds(2))
                        .withTimestampAssigner((f, previous) -> Long.parseLong(f[0])))
                .keyBy(f -> f[1])
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(5)))
                .aggregate(dev.tidemark.api.functions.Aggregations.count(), new LabelCount())
                .addSink(FileSink.lines(output.toString()));
        JobClient job = env.executeAsync("checkpointed counts");
        job.await();

        var metrics = job.metrics();
        System.out.println("restarts: " + metrics.get("checkpointed counts.numRestarts")
                + ", checkpoints completed: " + metrics.get("checkpointed counts.numberOfCompletedCheckpoints"));
        try (Stream<Path> parts = Files.list(output)) {
            for (Path part : parts.filter(p -> !p.getFileName().toString().startsWith(".")).sorted().toList()) {
                System.out.println(part.getFileName() + ": " + Files.readAllLines(part));
            }
        }
    }

    /** "sensor@windowEnd=count". */
    static final class LabelCount extends dev.tidemark.api.functions.ProcessWindowFunction<Long, String, String,
            dev.tidemark.windowing.windows.TimeWindow> {
        @Override
        public void process(String sensor, Context ctx, Iterable<Long> counts,
                dev.tidemark.api.functions.Collector<String> out) {
            out.collect(sensor + "@" + ctx.window().end() + "=" + counts.iterator().next());
        }
    }
}
