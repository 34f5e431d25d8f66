package dev.tidemark.examples;

import dev.tidemark.api.DataStream;
import dev.tidemark.api.SingleOutputStreamOperator;
import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.api.WindowedStream;
import dev.tidemark.eventtime.WatermarkStrategy;
import dev.tidemark.examples.SensorReadingsExample.Reading;
import dev.tidemark.windowing.assigners.SlidingEventTimeWindows;
import dev.tidemark.windowing.windows.TimeWindow;
import java.io.IOException;
import java.time.Duration;

/**
 * A moving average: the mean temperature per sensor over the last 6 seconds, every 2 seconds, over
 * the same bundled readings as {@link SensorReadingsExample}. With {@code sharePanes()} each sensor
 * keeps one running {sum, count} per 2-second pane rather than one per window, and a window's mean
 * merges its three panes when it fires: the same results, a third of the updates.
 *
 * <p>Run it with {@code mvn -q test-compile exec:java@example -Dexample.main=dev.tidemark.examples.MovingAverageExample}.
 */
public final class MovingAverageExample {

    /** The moving averages of {@code env}'s bundled readings, by panes or by one accumulator per window. */
    static SingleOutputStreamOperator<String> movingAverages(StreamExecutionEnvironment env, boolean panes)
            throws IOException {
        DataStream<Reading> readings = env.fromCollection(SensorReadingsExample.readLines("/examples/sensor-readings.csv"))
                .map(Reading::parse)
                .assignTimestampsAndWatermarks(WatermarkStrategy
                        .<Reading>forGenerator(ctx -> new SensorReadingsExample.BoundedPerEvent())
                        .withTimestampAssigner((reading, previous) -> reading.timestamp()));
        WindowedStream<Reading, String, TimeWindow> windows = readings
                .keyBy(Reading::sensor)
                .window(SlidingEventTimeWindows.of(Duration.ofSeconds(6), Duration.ofSeconds(2)));
        return (panes ? windows.sharePanes() : windows)
                .aggregate(new SensorReadingsExample.Mean(), new SensorReadingsExample.Describe());
    }

    public static void main(String[] args) throws Exception {
        var env = StreamExecutionEnvironment.create();
        movingAverages(env, true).print("moving average");
        env.execute("moving average");
    }
}
