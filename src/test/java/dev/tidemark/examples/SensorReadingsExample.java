package dev.tidemark.examples;

import dev.tidemark.api.DataStream;
import dev.tidemark.api.OutputTag;
import dev.tidemark.api.SingleOutputStreamOperator;
import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.api.functions.AggregateFunction;
import dev.tidemark.api.functions.Collector;
import dev.tidemark.api.functions.ProcessWindowFunction;
import dev.tidemark.eventtime.Watermark;
import dev.tidemark.eventtime.WatermarkGenerator;
import dev.tidemark.eventtime.WatermarkOutput;
import dev.tidemark.eventtime.WatermarkStrategy;
import dev.tidemark.windowing.assigners.TumblingEventTimeWindows;
import dev.tidemark.windowing.windows.TimeWindow;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Reads sensor readings that arrive out of order (bundled as {@code examples/sensor-readings.csv}),
 * gives them event timestamps and watermarks that allow two seconds of disorder, and computes the
 * mean temperature per sensor in 5-second event-time windows. Windows accept stragglers for one more
 * second (each one fires the window again, with the corrected mean); readings later than that go to
 * a side output instead of being lost.
 *
 * <p>Run it with {@code mvn -q test-compile exec:java@example}.
 */
public final class SensorReadingsExample {

    /** One line of the file. */
    public record Reading(long timestamp, String sensor, double celsius) implements Serializable {
        static Reading parse(String line) {
            String[] f = line.split(",");
            return new Reading(Long.parseLong(f[0]), f[1], Double.parseDouble(f[2]));
        }

        @Override
        public String toString() {
            return Instant.ofEpochMilli(timestamp) + " " + sensor + " " + celsius + "°C";
        }
    }

    static final OutputTag<Reading> LATE = OutputTag.of("late", Reading.class);

    /**
     * Bounded out-of-orderness (2 s), emitted after every reading rather than periodically: the file
     * is read faster than the 200 ms auto-watermark interval, and this keeps the output the same on
     * every run.
     */
    static final class BoundedPerEvent implements WatermarkGenerator<Reading> {
        private static final long BOUND_MILLIS = 2_000;
        private long maxTimestamp = Long.MIN_VALUE + BOUND_MILLIS + 1;

        @Override
        public void onEvent(Reading event, long eventTimestamp, WatermarkOutput output) {
            maxTimestamp = Math.max(maxTimestamp, eventTimestamp);
            output.emitWatermark(new Watermark(maxTimestamp - BOUND_MILLIS - 1));
        }

        @Override
        public void onPeriodicEmit(WatermarkOutput output) {}
    }

    /** The mean temperature: accumulator {sum, count}. */
    static final class Mean implements AggregateFunction<Reading, double[], Double> {
        @Override
        public double[] createAccumulator() {
            return new double[2];
        }

        @Override
        public double[] add(Reading reading, double[] acc) {
            acc[0] += reading.celsius();
            acc[1]++;
            return acc;
        }

        @Override
        public Double getResult(double[] acc) {
            return acc[0] / acc[1];
        }

        @Override
        public double[] merge(double[] a, double[] b) {
            return new double[] {a[0] + b[0], a[1] + b[1]};
        }
    }

    /** Labels each firing with its sensor, window and the watermark that fired it. */
    static final class Describe extends ProcessWindowFunction<Double, String, String, TimeWindow> {
        @Override
        public void process(String sensor, Context ctx, Iterable<Double> means, Collector<String> out) {
            out.collect(String.format(Locale.ROOT, "%-6s %s..%s mean %.2f°C (watermark %s)", sensor,
                    LocalTime.ofInstant(Instant.ofEpochMilli(ctx.window().start()), ZoneOffset.UTC),
                    LocalTime.ofInstant(Instant.ofEpochMilli(ctx.window().end()), ZoneOffset.UTC),
                    means.iterator().next(),
                    ctx.currentWatermark() == Long.MAX_VALUE ? "end of input"
                            : LocalTime.ofInstant(Instant.ofEpochMilli(ctx.currentWatermark()), ZoneOffset.UTC)));
        }
    }

    public static void main(String[] args) throws Exception {
        var env = StreamExecutionEnvironment.create();
        build(env);
        env.execute("sensor readings");
    }

    /** The pipeline, on {@code env}: the Flink runner's example runs the same one on Flink. */
    public static void build(StreamExecutionEnvironment env) throws IOException {
        DataStream<Reading> readings = env.fromCollection(readLines("/examples/sensor-readings.csv"))
                .map(Reading::parse)
                .assignTimestampsAndWatermarks(WatermarkStrategy.<Reading>forGenerator(ctx -> new BoundedPerEvent())
                        .withTimestampAssigner((reading, previous) -> reading.timestamp()));

        SingleOutputStreamOperator<String> means = readings
                .keyBy(Reading::sensor)
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(5)))
                .allowedLateness(Duration.ofSeconds(1))
                .sideOutputLateData(LATE)
                .aggregate(new Mean(), new Describe());

        means.print("window");
        means.getSideOutput(LATE).print("LATE  ");
    }

    static List<String> readLines(String resource) throws IOException {
        try (var in = Objects.requireNonNull(SensorReadingsExample.class.getResourceAsStream(resource), resource);
                var reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            return reader.lines().filter(line -> !line.isBlank() && !line.startsWith("#")).toList();
        }
    }
}
