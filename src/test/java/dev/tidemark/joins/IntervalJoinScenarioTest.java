package dev.tidemark.joins;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tidemark.api.KeyedStream;
import dev.tidemark.api.OutputTag;
import dev.tidemark.api.SingleOutputStreamOperator;
import dev.tidemark.api.functions.Collector;
import dev.tidemark.api.functions.ProcessJoinFunction;
import dev.tidemark.checkpoint.JobSnapshot;
import dev.tidemark.testing.StreamEvent;
import dev.tidemark.testing.TestDriver;
import dev.tidemark.testing.TestSink;
import dev.tidemark.testing.TestSource;
import java.io.Serializable;
import java.time.Duration;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Interval joins through the test driver: exact results and timestamps, bounds, lateness, state. */
class IntervalJoinScenarioTest {

    record Order(String id, String customer) implements Serializable {}

    record Payment(String order, int cents) implements Serializable {}

    static final OutputTag<Order> LATE_ORDERS = OutputTag.of("late-orders", Order.class);
    static final OutputTag<Payment> LATE_PAYMENTS = OutputTag.of("late-payments", Payment.class);

    /** "order@t+payment@t" for every pair, from the context's timestamps. */
    static final class Describe extends ProcessJoinFunction<Order, Payment, String> {
        @Override
        public void processElement(Order order, Payment payment, Context ctx, Collector<String> out) {
            out.collect(order.id() + "@" + ctx.getLeftTimestamp() + "+" + payment.cents() + "@" + ctx.getRightTimestamp());
        }
    }

    /** A driver with orders and payments keyed by order id, joined as {@code join} configures. */
    static final class Join implements AutoCloseable {
        final TestDriver driver = TestDriver.create();
        final TestSource<Order> orders = driver.source("orders", Order.class);
        final TestSource<Payment> payments = driver.source("payments", Payment.class);
        final SingleOutputStreamOperator<String> joined;
        final TestSink<String> out;

        Join(UnaryOperator<KeyedStream.IntervalJoined<Order, Payment, String>> configure, Duration lower, Duration upper) {
            this(configure, lower, upper, 1);
        }

        Join(UnaryOperator<KeyedStream.IntervalJoined<Order, Payment, String>> configure, Duration lower, Duration upper,
                int parallelism) {
            driver.env().setParallelism(parallelism);
            KeyedStream<Order, String> left = orders.stream().keyBy(Order::id);
            KeyedStream<Payment, String> right = payments.stream().keyBy(Payment::order);
            joined = configure.apply(left.intervalJoin(right).between(lower, upper)).process(new Describe());
            out = driver.sink(joined);
        }

        Join start() {
            driver.start();
            return this;
        }

        Join watermarks(long watermark) {
            orders.emitWatermark(watermark);
            payments.emitWatermark(watermark);
            return this;
        }

        @Override
        public void close() {
            driver.close();
        }
    }

    @Test
    void aLeftElementMeetsEveryRightElementWithinItsInclusiveBounds_whicheverComesFirst_atTheLargerTimestamp() {
        try (Join join = new Join(j -> j, Duration.ofMillis(-2), Duration.ofMillis(1)).start()) {
            join.payments.emit(new Payment("a", 7), 7).emit(new Payment("a", 8), 8).emit(new Payment("b", 9), 9);
            join.orders.emit(new Order("a", "ada"), 10);
            join.payments.emit(new Payment("a", 10), 10).emit(new Payment("a", 11), 11).emit(new Payment("a", 12), 12);
            assertThat(join.out.timestampedRecords()).containsExactly(
                    at("a@10+8@8", 10), // 7 is below 10 - 2; b is another key
                    at("a@10+10@10", 10),
                    at("a@10+11@11", 11)); // 12 is above 10 + 1
        }
    }

    static final OutputTag<String> LARGE = OutputTag.of("large", String.class);

    /** Pairs with a large payment go to a side output, the rest to the main one. */
    static final class SplitLarge extends ProcessJoinFunction<Order, Payment, String> {
        @Override
        public void processElement(Order order, Payment payment, Context ctx, Collector<String> out) {
            String pair = order.id() + "+" + payment.cents();
            if (payment.cents() >= 100) {
                ctx.output(LARGE, pair);
            } else {
                out.collect(pair);
            }
        }
    }

    @Test
    void theFunctionsSideOutputs_carryThePairsTimestamp() {
        try (TestDriver driver = TestDriver.create()) {
            TestSource<Order> orders = driver.source("orders", Order.class);
            TestSource<Payment> payments = driver.source("payments", Payment.class);
            SingleOutputStreamOperator<String> joined = orders.stream().keyBy(Order::id)
                    .intervalJoin(payments.stream().keyBy(Payment::order))
                    .between(Duration.ZERO, Duration.ofMillis(10)).process(new SplitLarge());
            TestSink<String> small = driver.sink(joined);
            TestSink<String> large = driver.sink(joined.getSideOutput(LARGE));
            driver.start();
            orders.emit(new Order("a", "ada"), 5);
            payments.emit(new Payment("a", 50), 7).emit(new Payment("a", 500), 9);
            assertThat(small.timestampedRecords()).containsExactly(at("a+50", 7));
            assertThat(large.timestampedRecords()).containsExactly(at("a+500", 9));
        }
    }

    @Test
    void exclusiveBounds_leaveOutTheirEdges() {
        try (Join join = new Join(j -> j.lowerBoundExclusive().upperBoundExclusive(), Duration.ofMillis(-2),
                Duration.ofMillis(1)).start()) {
            join.orders.emit(new Order("a", "ada"), 10);
            for (int t = 7; t <= 12; t++) {
                join.payments.emit(new Payment("a", t), t);
            }
            assertThat(join.out.records()).containsExactly("a@10+9@9", "a@10+10@10");
        }
    }

    @Test
    void lateElements_onEitherSide_goToTheirSideOutputs() {
        try (Join join = new Join(j -> j.sideOutputLeftLateData(LATE_ORDERS).sideOutputRightLateData(LATE_PAYMENTS),
                Duration.ofMillis(0), Duration.ofMillis(5))) {
            TestSink<Order> lateOrders = join.driver.sink(join.joined.getSideOutput(LATE_ORDERS));
            TestSink<Payment> latePayments = join.driver.sink(join.joined.getSideOutput(LATE_PAYMENTS));
            join.start();
            join.orders.emit(new Order("a", "ada"), 20);
            join.watermarks(20);
            join.orders.emit(new Order("b", "bo"), 19);
            join.payments.emit(new Payment("a", 19), 19).emit(new Payment("a", 20), 20);
            assertThat(lateOrders.timestampedRecords()).containsExactly(at(new Order("b", "bo"), 19));
            assertThat(latePayments.timestampedRecords()).containsExactly(at(new Payment("a", 19), 19));
            assertThat(join.out.timestampedRecords()).as("an element at the watermark is not late")
                    .containsExactly(at("a@20+20@20", 20));
            assertThat(join.driver.metrics()).containsEntry("IntervalJoin.numLateRecordsDropped", 0L);
        }
    }

    @Test
    void lateElements_withoutSideOutputs_areDroppedAndCounted() {
        try (Join join = new Join(j -> j, Duration.ofMillis(0), Duration.ofMillis(5)).start()) {
            join.orders.emit(new Order("a", "ada"), 20);
            join.watermarks(30);
            join.orders.emit(new Order("a", "ada"), 29);
            join.payments.emit(new Payment("a", 21), 21);
            assertThat(join.out.records()).isEmpty();
            assertThat(join.driver.metrics()).containsEntry("IntervalJoin.numLateRecordsDropped", 2L);
        }
    }

    @Test
    void anElementKeptUntilTheWatermarkPassesItsLastPartner_meetsAPartnerThatArrivesAtTheWatermark() {
        // Flink drops the left element once the watermark reaches 10 + 5, and loses this pair
        try (Join join = new Join(j -> j, Duration.ofMillis(0), Duration.ofMillis(5)).start()) {
            join.orders.emit(new Order("a", "ada"), 10);
            join.watermarks(15);
            join.payments.emit(new Payment("a", 15), 15);
            join.watermarks(16);
            join.payments.emit(new Payment("a", 16), 16);
            assertThat(join.out.timestampedRecords()).containsExactly(at("a@10+15@15", 15));
        }
    }

    @Test
    void bufferedElements_leaveWhenTheWatermarkPassesTheirLastPartner_soStateReturnsToZero() {
        try (Join join = new Join(j -> j, Duration.ofMillis(-3), Duration.ofMillis(2)).start()) {
            for (int i = 0; i < 50; i++) {
                String key = "k" + (i % 7);
                join.orders.emit(new Order(key, "c"), 100 + i);
                join.payments.emit(new Payment(key, i), 100 + i);
            }
            assertThat(join.driver.numKeyedStateEntries("IntervalJoin")).isEqualTo(7);
            // an order at t meets payments up to t + 2, a payment at t orders up to t + 3
            join.watermarks(151);
            assertThat(join.driver.numKeyedStateEntries("IntervalJoin")).as("order 149 (k0), payments 148 (k6), 149 (k0)")
                    .isEqualTo(2);
            join.watermarks(152);
            assertThat(join.driver.numKeyedStateEntries("IntervalJoin")).as("payment 149").isEqualTo(1);
            join.watermarks(153);
            assertThat(join.driver.numKeyedStateEntries("IntervalJoin")).isZero();
            assertThat(join.driver.numEventTimeTimers("IntervalJoin")).isZero();
        }
    }

    @ParameterizedTest(name = "parallelism {0} restored at {1}")
    @CsvSource({"1, 1", "3, 2", "2, 4"})
    void aSnapshotAndRestoreInTheMiddle_givesTheOutputOfAnUninterruptedRun(int before, int after) {
        Duration lower = Duration.ofMillis(-4);
        Duration upper = Duration.ofMillis(4);
        List<String> uninterrupted;
        try (Join join = new Join(j -> j, lower, upper).start()) {
            firstHalf(join);
            secondHalf(join);
            uninterrupted = join.out.records();
        }
        JobSnapshot snapshot;
        List<String> first;
        try (Join join = new Join(j -> j, lower, upper, before).start()) {
            firstHalf(join);
            snapshot = join.driver.snapshot();
            first = join.out.records();
        }
        try (Join join = new Join(j -> j, lower, upper, after)) {
            join.driver.start(snapshot);
            secondHalf(join);
            assertThat(concat(first, join.out.records())).containsExactlyInAnyOrderElementsOf(uninterrupted);
            assertThat(uninterrupted).hasSizeGreaterThan(20);
            assertThat(join.driver.numKeyedStateEntries("IntervalJoin")).isZero();
        }
    }

    private static void firstHalf(Join join) {
        for (int t = 0; t < 30; t++) {
            join.orders.emit(new Order("k" + t % 7, "c"), t);
            join.payments.emit(new Payment("k" + (t + 1) % 7, t), t + 2);
        }
        join.watermarks(25);
    }

    private static void secondHalf(Join join) {
        for (int t = 30; t < 60; t++) {
            join.payments.emit(new Payment("k" + t % 7, t), t - 3);
            join.orders.emit(new Order("k" + (t + 2) % 7, "c"), t);
        }
        join.watermarks(Long.MAX_VALUE);
    }

    static <T> StreamEvent.Record<T> at(T value, long timestamp) {
        return new StreamEvent.Record<>(value, timestamp);
    }

    private static List<String> concat(List<String> a, List<String> b) {
        return java.util.stream.Stream.concat(a.stream(), b.stream()).toList();
    }
}
