package dev.tidemark.examples;

import dev.tidemark.api.OutputTag;
import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.connectors.file.FileSink;
import dev.tidemark.connectors.file.FileSource;
import dev.tidemark.connectors.file.LineFormat;
import dev.tidemark.connectors.file.MalformedLine;
import dev.tidemark.eventtime.WatermarkStrategy;
import dev.tidemark.windowing.assigners.TumblingEventTimeWindows;
import java.io.Serializable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.stream.Stream;

/**
 * Reads the bundled sensor readings as CSV (one malformed line goes to a side output), counts the
 * readings per sensor in 5-second windows, and writes the counts as part files of a temporary
 * directory, which it then lists and prints.
 *
 * <p>Run it with {@code mvn -q test-compile exec:java@example -Dexample.main=dev.tidemark.examples.FileExample}.
 */
public final class FileExample {

    record Reading(long timestamp, String sensor, double celsius) implements Serializable {}

    static final OutputTag<MalformedLine> MALFORMED = OutputTag.of("malformed", MalformedLine.class);

    public static void main(String[] args) throws Exception {
        Path input = Files.createTempDirectory("tidemark-in");
        Path output = Files.createTempDirectory("tidemark-out");
        Files.write(input.resolve("readings.csv"), SensorReadingsExample.readLines("/examples/sensor-readings.csv"));
        Files.writeString(input.resolve("broken.csv"), "not,a,number\n");

        var env = StreamExecutionEnvironment.create().setParallelism(2);
        var readings = FileSource.of(input.toString(), LineFormat.csv(
                        f -> new Reading(Long.parseLong(f.get(0)), f.get(1), Double.parseDouble(f.get(2)))))
                .malformedLinesTo(MALFORMED)
                .build(env);
        readings.getSideOutput(MALFORMED).map(MalformedLine::location).print("MALFORMED");
        readings.assignTimestampsAndWatermarks(WatermarkStrategy.<Reading>forBoundedOutOfOrderness(Duration.ofSeconds(2))
                        .withTimestampAssigner((r, previous) -> r.timestamp()))
                .keyBy(Reading::sensor)
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(5)))
                .aggregate(new Counts())
                .addSink(FileSink.lines(output.toString()));
        env.execute("files");

        try (Stream<Path> parts = Files.list(output)) {
            for (Path part : parts.sorted().toList()) {
                System.out.println(part.getFileName() + ": " + Files.readAllLines(part));
            }
        }
    }

    /** Counts readings: "sensor=count". */
    static final class Counts implements dev.tidemark.api.functions.AggregateFunction<Reading, String[], String> {
        @Override
        public String[] createAccumulator() {
            return new String[] {"", "0"};
        }

        @Override
        public String[] add(Reading r, String[] acc) {
            return new String[] {r.sensor(), String.valueOf(Long.parseLong(acc[1]) + 1)};
        }

        @Override
        public String getResult(String[] acc) {
            return acc[0] + "=" + acc[1];
        }

        @Override
        public String[] merge(String[] a, String[] b) {
            return new String[] {a[0], String.valueOf(Long.parseLong(a[1]) + Long.parseLong(b[1]))};
        }
    }
}
