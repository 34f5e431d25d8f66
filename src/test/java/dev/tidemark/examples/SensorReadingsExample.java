package dev.tidemark.examples;

import dev.tidemark.api.DataStream;
import dev.tidemark.api.OutputTag;
import dev.tidemark.api.SingleOutputStreamOperator;
import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.api.functions.Collector;
import dev.tidemark.api.functions.ProcessFunction;
import dev.tidemark.eventtime.Watermark;
import dev.tidemark.eventtime.WatermarkGenerator;
import dev.tidemark.eventtime.WatermarkOutput;
import dev.tidemark.eventtime.WatermarkStrategy;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * Reads sensor readings that arrive out of order (bundled as {@code examples/sensor-readings.csv}),
 * gives them event timestamps and watermarks that allow two seconds of disorder, and splits them into
 * readings on time and readings that arrived behind the watermark.
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

    static final OutputTag<String> LATE = OutputTag.of("late", String.class);

    /**
     * Bounded out-of-orderness, emitted after every reading rather than periodically: the file is
     * read faster than the 200 ms auto-watermark interval, and this keeps the output the same on
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

    /** Labels each reading with the watermark it arrived under; late readings go to a side output. */
    static final class SplitLate extends ProcessFunction<Reading, String> {
        @Override
        public void processElement(Reading reading, Context ctx, Collector<String> out) {
            long watermark = ctx.timerService().currentWatermark();
            String text = reading + "  (watermark " + (watermark == Long.MIN_VALUE ? "none" : Instant.ofEpochMilli(watermark)) + ")";
            if (ctx.timestamp() <= watermark) {
                ctx.output(LATE, text);
            } else {
                out.collect(text);
            }
        }
    }

    public static void main(String[] args) throws Exception {
        var env = StreamExecutionEnvironment.create();

        DataStream<Reading> readings = env.fromCollection(readLines("/examples/sensor-readings.csv"))
                .map(Reading::parse)
                .assignTimestampsAndWatermarks(WatermarkStrategy.<Reading>forGenerator(ctx -> new BoundedPerEvent())
                        .withTimestampAssigner((reading, previous) -> reading.timestamp()));

        SingleOutputStreamOperator<String> onTime = readings.process(new SplitLate()).name("Split late readings");
        onTime.print("on time");
        onTime.getSideOutput(LATE).print("LATE   ");

        env.execute("sensor readings");
    }

    static List<String> readLines(String resource) throws IOException {
        try (var in = Objects.requireNonNull(SensorReadingsExample.class.getResourceAsStream(resource), resource);
                var reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            return reader.lines().filter(line -> !line.isBlank() && !line.startsWith("#")).toList();
        }
    }
}
