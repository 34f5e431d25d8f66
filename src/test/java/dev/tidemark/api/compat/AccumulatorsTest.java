package dev.tidemark.api.compat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tidemark.api.JobExecutionResult;
import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.api.accumulators.IntCounter;
import dev.tidemark.api.accumulators.ListAccumulator;
import dev.tidemark.api.accumulators.LongMaximum;
import dev.tidemark.api.functions.OpenContext;
import dev.tidemark.api.functions.RichFlatMapFunction;
import dev.tidemark.api.functions.RichMapFunction;
import dev.tidemark.api.sink.SinkFunction;
import dev.tidemark.checkpoint.RestartStrategy;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** Accumulators as Flink programs use them: added per instance, merged into the job's result. */
class AccumulatorsTest {

    /** Counts lines and words, keeps the longest line's length and a histogram of word lengths. */
    static final class Words extends RichFlatMapFunction<String, String> {
        private final IntCounter lines = new IntCounter();
        private final LongMaximum longest = new LongMaximum();

        @Override
        public void open(OpenContext openContext) {
            getRuntimeContext().addAccumulator("lines", lines);
            getRuntimeContext().addAccumulator("longest", longest);
        }

        @Override
        public void flatMap(String line, dev.tidemark.api.functions.Collector<String> out) {
            lines.add(1);
            longest.add((long) line.length());
            for (String word : line.split(" ")) {
                getRuntimeContext().getIntCounter("words").add(1);
                getRuntimeContext().getHistogram("lengths").add(word.length());
                out.collect(word);
            }
        }
    }

    static final class Discard implements SinkFunction<String> {
        @Override
        public void invoke(String value, Context context) {}
    }

    @Test
    void accumulatorsOfEveryInstance_areMergedIntoTheResult() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create().setParallelism(3);
        env.fromElements("a bb", "ccc", "dd e f", "gggg").rebalance().flatMap(new Words()).addSink(new Discard());
        JobExecutionResult result = env.execute("words");

        assertThat(result.<Integer>getAccumulatorResult("lines")).isEqualTo(4);
        assertThat(result.<Integer>getAccumulatorResult("words")).isEqualTo(7);
        assertThat(result.<Long>getAccumulatorResult("longest")).isEqualTo(6L);
        Map<Integer, Integer> lengths = result.getAccumulatorResult("lengths");
        assertThat(lengths).as("word lengths: a e f; bb dd; ccc; gggg").isEqualTo(Map.of(1, 3, 2, 2, 3, 1, 4, 1));
        assertThat(result.getAllAccumulatorResults()).containsOnlyKeys("lines", "words", "longest", "lengths");
        assertThat(result.<Object>getAccumulatorResult("missing")).isNull();
    }

    /** Adds each value to a list accumulator; fails once, at the fifth value, in the first attempt only. */
    static final class Collecting extends RichMapFunction<Long, Long> {
        static final AtomicBoolean FAILED = new AtomicBoolean();
        private final ListAccumulator<Long> seen = new ListAccumulator<>();

        @Override
        public void open(OpenContext openContext) {
            getRuntimeContext().addAccumulator("seen", seen);
        }

        @Override
        public Long map(Long value) {
            if (value == 5 && FAILED.compareAndSet(false, true)) {
                throw new IllegalStateException("injected failure");
            }
            seen.add(value);
            return value;
        }
    }

    @Test
    void aFailedAttemptsAccumulators_areDropped_andANameTakenTwiceIsRefused() throws Exception {
        Collecting.FAILED.set(false);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create().setParallelism(1);
        env.getCheckpointConfig().setRestartStrategy(RestartStrategy.fixedDelay(1, Duration.ZERO));
        env.fromSequence(1, 8).map(new Collecting()).addSink(new SinkFunction<>() {
            @Override
            public void invoke(Long value, Context context) {}
        });
        JobExecutionResult result = env.execute("restarted");
        assertThat(result.<List<Long>>getAccumulatorResult("seen")).as("only the last attempt's, which ran from scratch")
                .containsExactly(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L);

        StreamExecutionEnvironment twice = StreamExecutionEnvironment.create().setParallelism(1);
        twice.fromElements("x").map(new RichMapFunction<String, String>() {
            @Override
            public void open(OpenContext openContext) {
                getRuntimeContext().addAccumulator("n", new IntCounter());
                getRuntimeContext().addAccumulator("n", new IntCounter());
            }

            @Override
            public String map(String value) {
                return value;
            }
        }).addSink(new Discard2());
        assertThatThrownBy(() -> twice.execute("twice")).hasStackTraceContaining(
                "accumulator already exists and cannot be added again: name=n, operator=Map");
    }

    static final class Discard2 implements SinkFunction<String> {
        @Override
        public void invoke(String value, Context context) {}
    }
}
