package dev.tidemark.ports;

import dev.tidemark.api.DataStream;
import dev.tidemark.api.OutputTag;
import dev.tidemark.api.SingleOutputStreamOperator;
import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.api.functions.Collector;
import dev.tidemark.api.functions.WindowFunction;
import dev.tidemark.api.tuple.Tuple3;
import dev.tidemark.eventtime.Watermark;
import dev.tidemark.eventtime.WatermarkGenerator;
import dev.tidemark.eventtime.WatermarkOutput;
import dev.tidemark.eventtime.WatermarkStrategy;
import dev.tidemark.windowing.assigners.TumblingEventTimeWindows;
import dev.tidemark.windowing.time.Time;
import dev.tidemark.windowing.windows.TimeWindow;

/**
 * Sensor readings (sensor, time, value) out of order, the watermark one second behind the largest
 * time seen, moved at every reading (so the output does not depend on when periodic watermarks run): the largest value per sensor and 10-second
 * window, with 2 seconds of allowed lateness (a late reading inside it fires the window again),
 * and readings later than that in a side output.
 */
public class LateReadings {

    public static void main(String[] args) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(1);
        DataStream<Tuple3<String, Long, Double>> readings = env.fromElements(
                        Tuple3.of("s1", 1_000L, 20.5), Tuple3.of("s2", 2_000L, 18.0), Tuple3.of("s1", 8_000L, 21.0),
                        Tuple3.of("s1", 12_500L, 22.0), Tuple3.of("s1", 9_000L, 25.0), Tuple3.of("s2", 14_000L, 17.5),
                        Tuple3.of("s1", 9_500L, 23.0), Tuple3.of("s2", 7_000L, 19.0), Tuple3.of("s1", 16_000L, 24.0))
                .assignTimestampsAndWatermarks(WatermarkStrategy
                        .<Tuple3<String, Long, Double>>forGenerator(context -> new OneSecondBehind())
                        .withTimestampAssigner((reading, timestamp) -> reading.f1));

        final OutputTag<Tuple3<String, Long, Double>> lateTag = new OutputTag<Tuple3<String, Long, Double>>("late") {};
        SingleOutputStreamOperator<String> maxima = readings
                .keyBy(reading -> reading.f0)
                .window(TumblingEventTimeWindows.of(Time.seconds(10)))
                .allowedLateness(Time.seconds(2))
                .sideOutputLateData(lateTag)
                .apply(new WindowFunction<Tuple3<String, Long, Double>, String, String, TimeWindow>() {
                    @Override
                    public void apply(String sensor, TimeWindow window, Iterable<Tuple3<String, Long, Double>> input,
                            Collector<String> out) {
                        double max = Double.NEGATIVE_INFINITY;
                        int count = 0;
                        for (Tuple3<String, Long, Double> reading : input) {
                            max = Math.max(max, reading.f2);
                            count++;
                        }
                        out.collect(sensor + " [" + window.getStart() + "," + window.getEnd() + ") max=" + max
                                + " of " + count);
                    }
                });
        maxima.print();
        maxima.getSideOutput(lateTag).print("late");
        env.execute("Late readings");
    }

    /** A watermark at every reading: one second behind the largest time seen. */
    static class OneSecondBehind implements WatermarkGenerator<Tuple3<String, Long, Double>> {
        private long maxTimestamp = Long.MIN_VALUE + 1_001;

        @Override
        public void onEvent(Tuple3<String, Long, Double> reading, long eventTimestamp, WatermarkOutput output) {
            maxTimestamp = Math.max(maxTimestamp, eventTimestamp);
            output.emitWatermark(new Watermark(maxTimestamp - 1_000 - 1));
        }

        @Override
        public void onPeriodicEmit(WatermarkOutput output) {}
    }
}
