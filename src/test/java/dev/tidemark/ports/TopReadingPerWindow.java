package dev.tidemark.ports;

import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.api.functions.AllWindowFunction;
import dev.tidemark.api.functions.Collector;
import dev.tidemark.api.functions.MapFunction;
import dev.tidemark.api.tuple.Tuple2;
import dev.tidemark.api.tuple.Tuple3;
import dev.tidemark.eventtime.WatermarkStrategy;
import dev.tidemark.windowing.assigners.SlidingEventTimeWindows;
import dev.tidemark.windowing.assigners.TumblingEventTimeWindows;
import dev.tidemark.windowing.time.Time;
import dev.tidemark.windowing.windows.TimeWindow;

/**
 * Across all sensors: the reading with the largest value per tumbling 10-second window
 * ({@code maxBy}), and the number of readings per sliding 10-second window every 5 seconds (an
 * all-window function).
 */
public class TopReadingPerWindow {

    public static void main(String[] args) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(1);
        var readings = env.fromElements(Tuple3.of("s1", 1_000L, 3.0), Tuple3.of("s2", 4_000L, 9.0),
                        Tuple3.of("s3", 6_000L, 9.0), Tuple3.of("s1", 11_000L, 4.0), Tuple3.of("s2", 13_000L, 1.0))
                .assignTimestampsAndWatermarks(WatermarkStrategy.<Tuple3<String, Long, Double>>forMonotonousTimestamps()
                        .withTimestampAssigner((reading, timestamp) -> reading.f1));

        readings.windowAll(TumblingEventTimeWindows.of(Time.seconds(10)))
                .maxBy(2)
                .map(new MapFunction<Tuple3<String, Long, Double>, String>() {
                    @Override
                    public String map(Tuple3<String, Long, Double> top) {
                        return "top " + top;
                    }
                })
                .print();

        readings.windowAll(SlidingEventTimeWindows.of(Time.seconds(10), Time.seconds(5)))
                .apply(new AllWindowFunction<Tuple3<String, Long, Double>, Tuple2<Long, Integer>, TimeWindow>() {
                    @Override
                    public void apply(TimeWindow window, Iterable<Tuple3<String, Long, Double>> values,
                            Collector<Tuple2<Long, Integer>> out) {
                        int count = 0;
                        for (Tuple3<String, Long, Double> ignored : values) {
                            count++;
                        }
                        out.collect(Tuple2.of(window.getStart(), count));
                    }
                })
                .print("count");
        env.execute("Top reading per window");
    }
}
