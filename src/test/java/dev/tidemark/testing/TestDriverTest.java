package dev.tidemark.testing;

import static dev.tidemark.testing.StreamEvent.record;
import static dev.tidemark.testing.StreamEvent.watermark;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tidemark.api.EndOfInput;
import dev.tidemark.api.JobExecutionException;
import dev.tidemark.api.functions.RichFunction;
import dev.tidemark.api.functions.RuntimeContext;
import dev.tidemark.api.functions.MapFunction;
import org.junit.jupiter.api.Test;

class TestDriverTest {

    @Test
    void partitions_combineWatermarksByMinimum_idlePartitionsDoNotHoldBack() {
        try (TestDriver driver = TestDriver.create()) {
            TestSource<String> in = driver.source("topic", String.class, 3);
            TestSink<String> out = driver.sink(in.stream());
            driver.start();
            in.partition(0).emit("a", 5).emitWatermark(10);
            in.partition(1).emitWatermark(20);
            assertThat(out.watermarks()).as("partition 2 has sent nothing").isEmpty();
            in.partition(2).markIdle();
            in.partition(1).emitWatermark(30);
            in.partition(0).emitWatermark(40);
            in.partition(2).emit("late-ish", 12); // becomes active again, but behind: not counted yet
            in.partition(0).emitWatermark(50);
            assertThat(out.events()).containsExactly(
                    record("a", 5), watermark(10), watermark(30), record("late-ish", 12));
        }
    }

    @Test
    void finish_eachPartition_endsTheInputOnlyWhenAllHaveEnded() {
        try (TestDriver driver = TestDriver.create()) {
            TestSource<String> in = driver.source("topic", String.class, 2);
            TestSink<String> out = driver.sink(in.stream());
            driver.start();
            in.partition(0).emitWatermark(7).finish();
            in.partition(1).emitWatermark(3);
            assertThat(out.isEnded()).isFalse();
            in.partition(1).finish();
            assertThat(out.isEnded()).isTrue();
            assertThat(out.watermarks()).containsExactly(3L, Long.MAX_VALUE);
        }
    }

    @Test
    void keepLastWatermark_finishesWithoutTheFinalWatermark() {
        try (TestDriver driver = TestDriver.create()) {
            driver.env().getConfig().setEndOfInput(EndOfInput.KEEP_LAST_WATERMARK);
            TestSource<String> in = driver.source("in", String.class);
            TestSink<String> out = driver.sink(in.stream());
            driver.start();
            in.emitWatermark(5).finish();
            assertThat(out.watermarks()).containsExactly(5L);
            assertThat(out.isEnded()).isTrue();
        }
    }

    @Test
    void regularSources_runToCompletionAtStart() {
        try (TestDriver driver = TestDriver.create()) {
            TestSink<Integer> out = driver.sink(driver.env().fromElements(1, 2, 3).map(i -> i * i));
            driver.start();
            assertThat(out.records()).containsExactly(1, 4, 9);
            assertThat(out.isEnded()).isTrue();
        }
    }

    /** A bounded source that catches every failure of collect and carries on, as careless sources do. */
    static final class SwallowingSource implements dev.tidemark.api.source.SourceFunction<Integer> {
        @Override
        public void run(SourceContext<Integer> ctx) {
            for (int i = 0; i < 5; i++) {
                try {
                    ctx.collect(i);
                } catch (RuntimeException ignored) {
                    // carries on: the driver must fail anyway
                }
            }
        }

        @Override
        public void cancel() {}
    }

    @Test
    void regularSource_thatSwallowsAnOperatorFailure_stillFailsTheDriver() {
        try (TestDriver driver = TestDriver.create()) {
            driver.sink(driver.env().addSource(new SwallowingSource()).map(i -> 10 / (i - 2)).name("Divide"));
            assertThatThrownBy(driver::start)
                    .isInstanceOf(JobExecutionException.class)
                    .hasMessageContaining("operator 'Divide'")
                    .cause().isInstanceOf(ArithmeticException.class);
        }
    }

    static final class Lifecycle implements MapFunction<String, String>, RichFunction {
        static final java.util.List<String> CALLS = new java.util.concurrent.CopyOnWriteArrayList<>();

        @Override
        public void open(RuntimeContext context) {
            CALLS.add("open " + context.getOperatorName() + " " + context.getIndexOfThisSubtask()
                    + "/" + context.getNumberOfParallelSubtasks());
        }

        @Override
        public String map(String value) {
            return value;
        }

        @Override
        public void close() {
            CALLS.add("close");
        }
    }

    @Test
    void richFunctions_areOpenedAtStart_andClosedWithTheDriver() {
        Lifecycle.CALLS.clear();
        try (TestDriver driver = TestDriver.create()) {
            TestSource<String> in = driver.source("in", String.class);
            driver.sink(in.stream().map(new Lifecycle()).name("Life"));
            driver.start();
            assertThat(Lifecycle.CALLS).containsExactly("open Life 0/1");
        }
        assertThat(Lifecycle.CALLS).containsExactly("open Life 0/1", "close");
    }

    @Test
    void failure_surfacesFromTheStepThatCausedIt_andTheDriverRefusesMore() {
        try (TestDriver driver = TestDriver.create()) {
            TestSource<Integer> in = driver.source("in", Integer.class);
            driver.sink(in.stream().map(i -> 10 / i).name("Divide"));
            driver.start();
            in.emit(5);
            assertThatThrownBy(() -> in.emit(0))
                    .isInstanceOf(JobExecutionException.class)
                    .hasMessageContaining("operator 'Divide'")
                    .cause().isInstanceOf(ArithmeticException.class);
            assertThatThrownBy(() -> in.emit(1))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageStartingWith("driver must not be used after a failure");
        }
    }

    @Test
    void misuse_isReportedClearly() {
        try (TestDriver driver = TestDriver.create()) {
            TestSource<String> in = driver.source("in", String.class, 2);
            driver.sink(in.stream());
            assertThatThrownBy(() -> in.emit("x"))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessage("source has 2 partitions: source=in; use partition(i) to say which one");
            assertThatThrownBy(() -> in.partition(0).emit("x"))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessage("driver must be running to emit into in[0]: state=building");
            driver.start();
            assertThatThrownBy(() -> in.partition(2))
                    .isInstanceOf(IndexOutOfBoundsException.class);
            assertThatThrownBy(() -> in.partition(0).emit(null))
                    .isInstanceOf(NullPointerException.class)
                    .hasMessageContaining("source=in[0]");
            in.partition(0).finish();
            assertThatThrownBy(() -> in.partition(0).emit("after"))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageStartingWith("source must not emit after it finished: source=in[0]");
            assertThatThrownBy(() -> driver.env().execute())
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("driver.start()");
        }
    }

    @Test
    void metrics_countRecordsPerOperator_andTrackWatermarksAndLagInVirtualTime() {
        try (TestDriver driver = TestDriver.create(1_000)) {
            TestSource<Integer> in = driver.source("in", Integer.class);
            driver.sink(in.stream().filter(i -> i % 2 == 0).name("Even"));
            driver.start();
            in.emit(1, 10).emit(2, 20).emit(4, 30).emitWatermark(400);
            driver.advanceProcessingTime(java.time.Duration.ofMillis(100));
            assertThat(driver.metrics())
                    .containsEntry("Even.numRecordsIn", 3L)
                    .containsEntry("Even.numRecordsOut", 2L)
                    .containsEntry("Even.currentInputWatermark", 400L)
                    .containsEntry("Even.watermarkLag", 700L);
        }
    }
}
