package dev.tidemark.ports;

import dev.tidemark.api.DataStream;
import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.api.functions.Collector;
import dev.tidemark.api.functions.FlatMapFunction;
import dev.tidemark.api.tuple.Tuple2;

/** The classic streaming word count: a running count per word, printed as each word comes. */
public class WordCount {

    static final String[] LINES = {
        "the tide comes in",
        "the tide goes out",
        "in and out"
    };

    public static void main(String[] args) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        DataStream<String> text = env.fromElements(LINES);
        DataStream<Tuple2<String, Integer>> counts = text
                .flatMap(new Tokenizer())
                .keyBy(value -> value.f0)
                .sum(1);
        counts.print();
        env.execute("Streaming WordCount");
    }

    /** Splits a line into lower-case words, each paired with 1. */
    public static final class Tokenizer implements FlatMapFunction<String, Tuple2<String, Integer>> {
        @Override
        public void flatMap(String line, Collector<Tuple2<String, Integer>> out) {
            for (String word : line.toLowerCase().split("\\W+")) {
                if (!word.isEmpty()) {
                    out.collect(new Tuple2<>(word, 1));
                }
            }
        }
    }
}
