package dev.tidemark.api;

import static dev.tidemark.testing.StreamEvent.record;
import static dev.tidemark.testing.StreamEvent.watermark;
import static org.assertj.core.api.Assertions.assertThat;

import dev.tidemark.api.functions.CoMapFunction;
import dev.tidemark.api.functions.Collector;
import dev.tidemark.api.functions.KeyedCoProcessFunction;
import dev.tidemark.api.functions.RuntimeContext;
import dev.tidemark.state.ValueState;
import dev.tidemark.state.ValueStateDescriptor;
import dev.tidemark.testing.TestDriver;
import dev.tidemark.testing.TestSink;
import dev.tidemark.testing.TestSource;
import java.io.Serializable;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class ConnectedStreamsTest {

    record Threshold(String sensor, int limit) implements Serializable {}

    record Reading(String sensor, int value) implements Serializable {}

    /** Alerts when a reading exceeds its sensor's latest threshold; a reading without one waits 10 ms. */
    static final class Alerts extends KeyedCoProcessFunction<String, Threshold, Reading, String> {
        private transient ValueState<Integer> limit;
        private transient ValueState<Reading> pending;

        @Override
        public void open(RuntimeContext context) {
            limit = context.getState(new ValueStateDescriptor<>("limit", Integer.class));
            pending = context.getState(new ValueStateDescriptor<>("pending", Reading.class));
        }

        @Override
        public void processElement1(Threshold threshold, Context ctx, Collector<String> out) {
            limit.update(threshold.limit());
        }

        @Override
        public void processElement2(Reading reading, Context ctx, Collector<String> out) {
            if (limit.value() == null) {
                pending.update(reading);
                ctx.timerService().registerEventTimeTimer(ctx.timestamp() + 10);
            } else if (reading.value() > limit.value()) {
                out.collect("alert " + reading);
            }
        }

        @Override
        public void onTimer(long timestamp, OnTimerContext ctx, Collector<String> out) {
            out.collect("no threshold for " + ctx.getCurrentKey() + ": " + pending.value().value());
        }
    }

    @Test
    void keyedConnect_sharesStatePerKey_andTheWatermarkIsTheMinimumOfBothInputs() {
        try (TestDriver driver = TestDriver.create()) {
            TestSource<Threshold> thresholds = driver.source("thresholds", Threshold.class);
            TestSource<Reading> readings = driver.source("readings", Reading.class);
            TestSink<String> out = driver.sink(thresholds.stream().keyBy(Threshold::sensor)
                    .connect(readings.stream().keyBy(Reading::sensor))
                    .process(new Alerts()));
            driver.start();
            thresholds.emit(new Threshold("a", 50), 1);
            readings.emit(new Reading("a", 40), 2).emit(new Reading("a", 60), 3).emit(new Reading("b", 99), 4);
            readings.emitWatermark(100);
            assertThat(out.watermarks()).as("thresholds have sent no watermark yet").isEmpty();
            thresholds.emitWatermark(20);
            readings.emitWatermark(200);
            thresholds.finish();
            assertThat(out.events()).containsExactly(
                    record("alert Reading[sensor=a, value=60]", 3),
                    record("no threshold for b: 99", 14),
                    watermark(20),
                    watermark(200));
        }
    }

    static final class Describe implements CoMapFunction<Long, String, String> {
        @Override
        public String map1(Long value) {
            return "n" + value;
        }

        @Override
        public String map2(String value) {
            return "s" + value;
        }
    }

    @Test
    @Timeout(60)
    void connect_onThreadsInParallel_seesEveryElementOfBothInputs() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create().setParallelism(2);
        List<String> out = env.fromSequence(1, 1_000)
                .connect(env.fromElements("x", "y", "z"))
                .map(new Describe())
                .executeAndCollect();
        assertThat(out).hasSize(1_003).contains("n1", "n1000", "sx", "sy", "sz");
        assertThat(Threads.tidemarkThreads()).isEmpty();
    }
}
