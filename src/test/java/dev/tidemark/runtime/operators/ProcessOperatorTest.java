package dev.tidemark.runtime.operators;

import static dev.tidemark.testing.StreamEvent.record;
import static dev.tidemark.testing.StreamEvent.watermark;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tidemark.api.JobExecutionException;
import dev.tidemark.api.OutputTag;
import dev.tidemark.api.SingleOutputStreamOperator;
import dev.tidemark.api.functions.Collector;
import dev.tidemark.api.functions.ProcessFunction;
import dev.tidemark.testing.TestDriver;
import dev.tidemark.testing.TestSink;
import dev.tidemark.testing.TestSource;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ProcessOperatorTest {

    static final OutputTag<String> LATE = OutputTag.of("late", String.class);

    /** Emits "value@timestamp/watermark/processingTime"; values behind the watermark go to LATE. */
    static final class Describe extends ProcessFunction<String, String> {
        @Override
        public void processElement(String value, Context ctx, Collector<String> out) {
            String text = value + "@" + (ctx.hasTimestamp() ? ctx.timestamp() : "none")
                    + "/" + ctx.timerService().currentWatermark() + "/" + ctx.timerService().currentProcessingTime();
            if (ctx.hasTimestamp() && ctx.timestamp() <= ctx.timerService().currentWatermark()) {
                ctx.output(LATE, text);
            } else {
                out.collect(text);
            }
        }
    }

    private final TestDriver driver = TestDriver.create(1_000);
    private final TestSource<String> in = driver.source("in", String.class);

    @AfterEach
    void close() {
        driver.close();
    }

    @Test
    void processElement_seesTimestampWatermarkAndTime_andRoutesSideOutput() {
        SingleOutputStreamOperator<String> described = in.stream().process(new Describe());
        TestSink<String> main = driver.sink(described);
        TestSink<String> late = driver.sink(described.getSideOutput(LATE));
        driver.start();
        in.emit("a", 10).emit("b");
        in.emitWatermark(20);
        driver.advanceProcessingTime(Duration.ofMillis(5));
        in.emit("c", 15).emit("d", 25);
        assertThat(main.events()).containsExactly(
                record("a@10/" + Long.MIN_VALUE + "/1000", 10),
                record("b@none/" + Long.MIN_VALUE + "/1000", Long.MIN_VALUE),
                watermark(20),
                record("d@25/20/1005", 25));
        assertThat(late.timestampedRecords()).containsExactly(
                new dev.tidemark.testing.StreamEvent.Record<>("c@15/20/1005", 15));
        assertThat(late.watermarks()).as("side outputs carry watermarks too").containsExactly(20L);
    }

    static final class WantsTimer extends ProcessFunction<String, String> {
        @Override
        public void processElement(String value, Context ctx, Collector<String> out) {
            ctx.timerService().registerEventTimeTimer(5);
        }
    }

    @Test
    void timers_onNonKeyedStream_failWithAHint() {
        driver.sink(in.stream().process(new WantsTimer()).name("Timers"));
        driver.start();
        assertThatThrownBy(() -> in.emit("x", 1))
                .isInstanceOf(JobExecutionException.class)
                .hasMessageContaining("operator 'Timers'")
                .cause().isInstanceOf(UnsupportedOperationException.class)
                .hasMessage("timers must be used on a keyed stream: operator=Timers; call keyBy(...) before process(...)");
    }
}
