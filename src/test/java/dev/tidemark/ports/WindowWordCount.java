package dev.tidemark.ports;

import dev.tidemark.api.DataStream;
import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.api.functions.Collector;
import dev.tidemark.api.functions.FlatMapFunction;
import dev.tidemark.api.tuple.Tuple2;
import dev.tidemark.eventtime.WatermarkStrategy;
import dev.tidemark.windowing.assigners.TumblingEventTimeWindows;
import dev.tidemark.windowing.time.Time;
import java.time.Duration;

/** Words counted per 5-second event-time window; each line carries its time in milliseconds. */
public class WindowWordCount {

    static final String[] LINES = {
        "1000 red green",
        "2500 red",
        "4900 blue",
        "3000 green",
        "6000 red red",
        "12000 blue"
    };

    public static void main(String[] args) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(1);
        DataStream<String> lines = env.fromElements(LINES)
                .assignTimestampsAndWatermarks(WatermarkStrategy.<String>forBoundedOutOfOrderness(Duration.ofSeconds(2))
                        .withTimestampAssigner((line, timestamp) -> Long.parseLong(line.split(" ")[0])));
        lines.flatMap(new Splitter())
                .keyBy(value -> value.f0)
                .window(TumblingEventTimeWindows.of(Time.seconds(5)))
                .sum(1)
                .print();
        env.execute("Window WordCount");
    }

    /** The words after the timestamp, each paired with 1. */
    public static class Splitter implements FlatMapFunction<String, Tuple2<String, Integer>> {
        @Override
        public void flatMap(String line, Collector<Tuple2<String, Integer>> out) {
            String[] fields = line.split(" ");
            for (int i = 1; i < fields.length; i++) {
                out.collect(new Tuple2<String, Integer>(fields[i], 1));
            }
        }
    }
}
