package dev.tidemark.flink;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.eventtime.WatermarkStrategy;
import dev.tidemark.runtime.operators.MapOperator;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** What the runner cannot translate is refused before anything is submitted, naming every such operator. */
class RefusalTest {

    static final AtomicBoolean SUBMITTED = new AtomicBoolean();

    @Test
    void everyOperatorTheRunnerCannotTranslateIsNamedWithItsReasonAndNothingRuns() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(1);
        env.fromSequence(1, 3)
                .<Long>transform("my own operator", ctx -> new MapOperator<>(value -> value, ctx))
                .<Long>transform("another operator", ctx -> new MapOperator<>(value -> value, ctx))
                .map(value -> {
                    SUBMITTED.set(true);
                    return value;
                })
                .addSink(Results.sink("refused"));
        org.apache.flink.streaming.api.environment.StreamExecutionEnvironment flink =
                org.apache.flink.streaming.api.environment.StreamExecutionEnvironment.createLocalEnvironment(1);

        assertThatThrownBy(() -> FlinkRunner.execute(env, flink, "refused"))
                .isInstanceOf(UnsupportedOperationException.class)
                .hasMessageStartingWith("the Flink runner cannot translate this pipeline:")
                .hasMessageContaining("operator 'my own operator' (node ")
                .hasMessageContaining("operator 'another operator' (node ")
                .hasMessageContaining("it is not one of the operators the runner translates");
        assertThatThrownBy(flink::getStreamGraph).as("nothing was added to the Flink job")
                .hasMessageContaining("No operators defined");
        org.assertj.core.api.Assertions.assertThat(SUBMITTED).isFalse();
    }

    /** A window function that listens for checkpoints, which Flink's window operator does not pass on. */
    static final class Listening extends dev.tidemark.api.functions.ProcessWindowFunction<Long, Long, Long,
            dev.tidemark.windowing.windows.TimeWindow> implements dev.tidemark.checkpoint.CheckpointListener {
        @Override
        public void process(Long key, Context context, Iterable<Long> elements, dev.tidemark.api.functions.Collector<Long> out) {
            out.collect(key);
        }

        @Override
        public void notifyCheckpointComplete(long checkpointId) {}
    }

    @Test
    void aWindowFunctionThatListensForCheckpointsIsRefusedRatherThanLeftUnheard() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(1);
        env.fromSequence(1, 3).assignTimestampsAndWatermarks(WatermarkStrategy.<Long>forMonotonousTimestamps()
                        .withTimestampAssigner((value, t) -> value))
                .keyBy(value -> value % 2)
                .window(dev.tidemark.windowing.assigners.TumblingEventTimeWindows.of(java.time.Duration.ofSeconds(1)))
                .process(new Listening()).name("listening")
                .addSink(Results.sink("listening"));

        assertThatThrownBy(() -> FlinkRunner.translate(env,
                org.apache.flink.streaming.api.environment.StreamExecutionEnvironment.createLocalEnvironment(1)))
                .isInstanceOf(UnsupportedOperationException.class)
                .hasMessageContaining("operator 'listening' (node ")
                .hasMessageContaining("listens for completed checkpoints");
    }
}
