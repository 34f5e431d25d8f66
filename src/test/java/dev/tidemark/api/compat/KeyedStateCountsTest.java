package dev.tidemark.api.compat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tidemark.api.functions.Collector;
import dev.tidemark.api.functions.KeyedProcessFunction;
import dev.tidemark.api.functions.OpenContext;
import dev.tidemark.api.typeinfo.Types;
import dev.tidemark.state.ValueState;
import dev.tidemark.state.ValueStateDescriptor;
import dev.tidemark.testing.TestDriver;
import dev.tidemark.testing.TestSource;
import dev.tidemark.windowing.assigners.TumblingEventTimeWindows;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The test driver counts an operator's keyed state and timers, as Flink's operator harness does. */
class KeyedStateCountsTest {

    /** Keeps a count per key until a timer 10 ms after its last element clears it. */
    static final class CountUntilQuiet extends KeyedProcessFunction<String, String, String> {
        private transient ValueState<Long> count;

        @Override
        public void open(OpenContext openContext) {
            count = getRuntimeContext().getState(new ValueStateDescriptor<>("count", Types.LONG));
        }

        @Override
        public void processElement(String value, Context ctx, Collector<String> out) throws Exception {
            count.update(count.value() == null ? 1L : count.value() + 1);
            ctx.timerService().registerEventTimeTimer(ctx.timestamp() + 10);
        }

        @Override
        public void onTimer(long timestamp, OnTimerContext ctx, Collector<String> out) throws Exception {
            out.collect(ctx.getCurrentKey() + "=" + count.value());
            count.clear();
        }
    }

    @Test
    void keyedStateEntriesAndTimers_areCountedPerOperator_overItsInstances() {
        try (TestDriver driver = TestDriver.create()) {
            driver.env().setParallelism(2);
            TestSource<String> in = driver.source("words", String.class);
            driver.sink(in.stream().keyBy(w -> w).process(new CountUntilQuiet()).name("Counter"));
            driver.start();
            in.emit("a", 1);
            in.emit("b", 2);
            in.emit("a", 3);
            assertThat(driver.numKeyedStateEntries("Counter")).as("a count for a and for b").isEqualTo(2);
            assertThat(driver.numEventTimeTimers("Counter")).as("timers at 11, 12 and 13").isEqualTo(3);
            assertThat(driver.numProcessingTimeTimers("Counter")).isZero();
            in.emitWatermark(12);
            assertThat(driver.numKeyedStateEntries("Counter")).as("both counts cleared by their timers").isZero();
            assertThat(driver.numEventTimeTimers("Counter")).as("a's timer at 13 is left").isEqualTo(1);
            assertThatThrownBy(() -> driver.numKeyedStateEntries("Nothing")).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith("no operator with keyed state is named Nothing: operators=");
        }
    }

    @Test
    void aWindowOperatorWithTablesOfItsOwn_refusesToCount_namingItself() {
        try (TestDriver driver = TestDriver.create()) {
            TestSource<Long> in = driver.source("numbers", Long.class);
            driver.sink(in.stream().keyBy(n -> n % 2).window(TumblingEventTimeWindows.of(Duration.ofMillis(10)))
                    .reduce(Long::sum).name("Sums"));
            driver.start();
            assertThatThrownBy(() -> driver.numKeyedStateEntries("Sums"))
                    .isInstanceOf(UnsupportedOperationException.class).hasMessageEndingWith("operator=Sums");
        }
    }
}
