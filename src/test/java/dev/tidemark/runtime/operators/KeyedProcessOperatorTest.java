package dev.tidemark.runtime.operators;

import static dev.tidemark.testing.StreamEvent.record;
import static dev.tidemark.testing.StreamEvent.watermark;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tidemark.api.JobExecutionException;
import dev.tidemark.api.functions.Collector;
import dev.tidemark.api.functions.KeyedProcessFunction;
import dev.tidemark.api.functions.RuntimeContext;
import dev.tidemark.api.functions.TimeDomain;
import dev.tidemark.state.ValueState;
import dev.tidemark.state.ValueStateDescriptor;
import dev.tidemark.testing.TestDriver;
import dev.tidemark.testing.TestSink;
import dev.tidemark.testing.TestSource;
import java.io.Serializable;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class KeyedProcessOperatorTest {

    record Click(String user, String page) implements Serializable {}

    /**
     * Counts clicks per user; 10 ms after a user's first click (event time) emits the count, and a
     * processing-time timer 1 s after that first click emits "ping".
     */
    static final class CountThenReport extends KeyedProcessFunction<String, Click, String> {
        private transient ValueState<Integer> count;

        @Override
        public void open(RuntimeContext context) {
            count = context.getState(new ValueStateDescriptor<>("count", Integer.class));
        }

        @Override
        public void processElement(Click click, Context ctx, Collector<String> out) {
            Integer n = count.value();
            if (n == null) {
                ctx.timerService().registerEventTimeTimer(ctx.timestamp() + 10);
                ctx.timerService().registerEventTimeTimer(ctx.timestamp() + 10); // deduplicated
                ctx.timerService().registerEventTimeTimer(ctx.timestamp() + 999); // deleted below
                ctx.timerService().deleteEventTimeTimer(ctx.timestamp() + 999);
                ctx.timerService().registerProcessingTimeTimer(ctx.timerService().currentProcessingTime() + 1_000);
                n = 0;
            }
            count.update(n + 1);
        }

        @Override
        public void onTimer(long timestamp, OnTimerContext ctx, Collector<String> out) {
            if (ctx.timeDomain() == TimeDomain.EVENT_TIME) {
                out.collect(ctx.getCurrentKey() + ":" + count.value() + "@" + timestamp);
                count.clear();
            } else {
                out.collect("ping " + ctx.getCurrentKey());
            }
        }
    }

    private final TestDriver driver = TestDriver.create();
    private final TestSource<Click> in = driver.source("clicks", Click.class);

    @AfterEach
    void close() {
        driver.close();
    }

    @Test
    void stateAndTimers_areScopedToTheKey_andTimersFireBeforeTheWatermark() {
        TestSink<String> out = driver.sink(in.stream().keyBy(Click::user).process(new CountThenReport()));
        driver.start();
        in.emit(new Click("ann", "/"), 100).emit(new Click("bob", "/"), 103).emit(new Click("ann", "/a"), 105);
        in.emitWatermark(109);
        in.emitWatermark(113);
        in.emit(new Click("ann", "/b"), 120);
        in.emitWatermark(2_000);
        driver.advanceProcessingTime(Duration.ofSeconds(1));
        assertThat(out.events()).containsExactly(
                watermark(109),
                record("ann:2@110", 110),
                record("bob:1@113", 113),
                watermark(113),
                record("ann:1@130", 130),
                watermark(2_000),
                record("ping ann", Long.MIN_VALUE),
                record("ping bob", Long.MIN_VALUE));
    }

    @Test
    void nullKey_failsNamingTheOperator() {
        driver.sink(in.stream().keyBy(Click::user).process(new CountThenReport()).name("Counter"));
        driver.start();
        assertThatThrownBy(() -> in.emit(new Click(null, "/"), 1))
                .isInstanceOf(JobExecutionException.class)
                .hasMessageContaining("operator 'Counter'")
                .cause().isInstanceOf(NullPointerException.class)
                .hasMessage("key must not be null: operator=Counter; the KeySelector returned null");
    }

    record Order(long account, int amount) implements Serializable {}

    /** Sums each account's amounts; 10 ms after an account's first order emits "account:sum". */
    static final class SumPerAccount extends KeyedProcessFunction<Long, Order, String> {
        private transient ValueState<Integer> sum;

        @Override
        public void open(RuntimeContext context) {
            sum = context.getState(new ValueStateDescriptor<>("sum", Integer.class));
        }

        @Override
        public void processElement(Order order, Context ctx, Collector<String> out) {
            Integer before = sum.value();
            if (before == null) {
                ctx.timerService().registerEventTimeTimer(ctx.timestamp() + 10);
            }
            sum.update((before == null ? 0 : before) + order.amount());
        }

        @Override
        public void onTimer(long timestamp, OnTimerContext ctx, Collector<String> out) {
            out.collect(ctx.getCurrentKey() + ":" + sum.value());
        }
    }

    @Test
    void longKeysThatShareABoxCacheSlot_keepTheirOwnStateAndTimers() {
        TestSource<Order> orders = driver.source("orders", Order.class);
        // keyBy(Order::account) keys by the long; these three have one Long.hashCode, so one slot of KeyBoxes
        long a = 1_000;
        long b = a ^ (7L << 32) ^ 7;
        long c = a ^ (9L << 32) ^ 9;
        TestSink<String> out = driver.sink(orders.stream().keyBy(Order::account).process(new SumPerAccount()));
        driver.start();
        orders.emit(new Order(a, 1), 1).emit(new Order(b, 10), 2).emit(new Order(a, 2), 3)
                .emit(new Order(c, 100), 4).emit(new Order(b, 20), 5).emit(new Order(a, 4), 6);
        orders.emitWatermark(100);
        assertThat(out.records()).containsExactly(a + ":7", b + ":30", c + ":100");
    }

    record Reading(String sensor, int value) implements Serializable {}

    @Test
    void rollingAggregations_followFlinkSemantics() {
        TestSource<Reading> readings = driver.source("readings", Reading.class);
        var keyed = readings.stream().keyBy(Reading::sensor);
        TestSink<Reading> sum = driver.sink(keyed.sum("value"));
        TestSink<Reading> max = driver.sink(keyed.max("value"));
        TestSink<Reading> minBy = driver.sink(keyed.minBy("value"));
        TestSink<Integer> reduce = driver.sink(readings.stream().map(Reading::value).keyBy(v -> v % 2)
                .reduce(Integer::sum));
        driver.start();
        readings.emit(new Reading("a", 5), 1).emit(new Reading("b", 1), 2).emit(new Reading("a", 3), 3)
                .emit(new Reading("a", 7), 4);
        assertThat(sum.timestampedRecords()).extracting(r -> r.value() + "@" + r.timestamp())
                .containsExactly("Reading[sensor=a, value=5]@1", "Reading[sensor=b, value=1]@2",
                        "Reading[sensor=a, value=8]@3", "Reading[sensor=a, value=15]@4");
        assertThat(max.records()).extracting(Reading::value).containsExactly(5, 1, 5, 7);
        assertThat(minBy.records()).extracting(Reading::value).containsExactly(5, 1, 3, 3);
        assertThat(reduce.records()).as("all odd: one key").containsExactly(5, 6, 9, 16);
    }

    /** Emits "fired@t" for each event-time timer, registered 100 ms after each element. */
    static final class TimerEcho extends KeyedProcessFunction<String, Click, String> {
        @Override
        public void processElement(Click click, Context ctx, Collector<String> out) {
            ctx.timerService().registerEventTimeTimer(ctx.timestamp() + 100);
        }

        @Override
        public void onTimer(long timestamp, OnTimerContext ctx, Collector<String> out) {
            out.collect("fired@" + timestamp + " now=" + ctx.timerService().currentProcessingTime());
        }
    }

    @Test
    void processingTimeWatermark_eventTimersThenFireAsTheClockAdvances() {
        TestSink<String> out = driver.sink(in.stream().keyBy(Click::user).process(new TimerEcho()));
        driver.start();
        in.emit(new Click("ann", "/"), 50).emitWatermark(10);
        driver.advanceProcessingTime(Duration.ofMillis(500));
        assertThat(out.records()).as("event time still waits for watermarks").isEmpty();
        in.emitWatermark(new dev.tidemark.eventtime.Watermark(500, true)); // switch to processing-time progress
        assertThat(out.records()).containsExactly("fired@150 now=500");
        in.emit(new Click("bob", "/"), 520);
        driver.advanceProcessingTime(Duration.ofMillis(119));
        assertThat(out.records()).hasSize(1);
        driver.advanceProcessingTime(Duration.ofMillis(1));
        assertThat(out.records()).containsExactly("fired@150 now=500", "fired@620 now=620");
        assertThatThrownBy(() -> in.emitWatermark(700))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("event-time watermark must not follow a processing-time watermark");
        in.emitWatermark(new dev.tidemark.eventtime.Watermark(900, true)); // the clock (620) is past the last one, 500
        assertThatThrownBy(() -> in.emitWatermark(new dev.tidemark.eventtime.Watermark(950, true)))
                .as("the clock (620) is behind the last watermark sent, 900")
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("processing time must not be behind the last watermark");
    }
}
