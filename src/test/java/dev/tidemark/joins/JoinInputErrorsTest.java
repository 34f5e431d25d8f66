package dev.tidemark.joins;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tidemark.api.JobExecutionException;
import dev.tidemark.api.KeyedStream;
import dev.tidemark.api.functions.Collector;
import dev.tidemark.api.functions.KeySelector;
import dev.tidemark.api.functions.ProcessJoinFunction;
import dev.tidemark.joins.IntervalJoinScenarioTest.Order;
import dev.tidemark.joins.IntervalJoinScenarioTest.Payment;
import dev.tidemark.testing.TestDriver;
import dev.tidemark.testing.TestSink;
import dev.tidemark.testing.TestSource;
import dev.tidemark.windowing.assigners.TumblingEventTimeWindows;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Bad input to a join gets a clear error naming the join, at the call or from the operator. */
class JoinInputErrorsTest {

    static final class Pairs extends ProcessJoinFunction<Order, Payment, String> {
        @Override
        public void processElement(Order left, Payment right, Context ctx, Collector<String> out) {
            out.collect(left.id() + right.cents());
        }
    }

    private final TestDriver driver = TestDriver.create();
    private final TestSource<Order> orders = driver.source("orders", Order.class);
    private final TestSource<Payment> payments = driver.source("payments", Payment.class);

    private KeyedStream.IntervalJoin<Order, Payment, String> intervalJoin() {
        return orders.stream().keyBy(Order::id).intervalJoin(payments.stream().keyBy(Payment::order));
    }

    @Test
    void boundsThatLeaveNoInterval_areRefusedAtTheCall() {
        assertThatThrownBy(() -> intervalJoin().between(Duration.ofMillis(5), Duration.ofMillis(4)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("intervalJoin").hasMessageContaining("lower=5ms, upper=4ms");
        assertThatThrownBy(() -> intervalJoin().between(Duration.ZERO, Duration.ZERO).lowerBoundExclusive()
                .process(new Pairs()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("lower=0ms (exclusive), upper=0ms");
    }

    @Test
    void boundsThatOverflow_areRefusedAtTheCall() {
        assertThatThrownBy(() -> intervalJoin().between(Duration.ofSeconds(-Long.MAX_VALUE), Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("lowerBound must fit in a long");
        assertThatThrownBy(() -> intervalJoin().between(Duration.ofMillis(Long.MIN_VALUE), Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("lowerBound");
    }

    @Test
    void boundsAndTimestampsAtTheEndsOfTheTimeLine_saturateInsteadOfWrapping() {
        TestSink<String> out = driver.sink(intervalJoin().between(Duration.ofMillis(-10), Duration.ofMillis(10))
                .process(new Pairs()));
        driver.start();
        orders.emit(new Order("a", "ada"), Long.MIN_VALUE + 1).emit(new Order("a", "ada"), Long.MAX_VALUE - 1);
        payments.emit(new Payment("a", 1), Long.MAX_VALUE).emit(new Payment("a", 2), Long.MIN_VALUE + 1);
        assertThat(out.records()).containsExactly("a1", "a2");
        orders.finish();
        payments.finish();
        assertThat(driver.numKeyedStateEntries("IntervalJoin")).as("the final watermark ends everything").isZero();
    }

    @Test
    void processingTime_isRefused() {
        assertThatThrownBy(() -> intervalJoin().inProcessingTime())
                .isInstanceOf(UnsupportedOperationException.class).hasMessageContaining("event time");
    }

    @Test
    @SuppressWarnings({"unchecked", "rawtypes"})
    void keysOfDifferentTypes_areRefusedAtTheCall() {
        KeyedStream byCents = payments.stream().keyBy(Payment::cents);
        assertThatThrownBy(() -> orders.stream().keyBy(Order::id).intervalJoin(byCents))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("intervalJoin")
                .hasMessageContaining("java.lang.String and java.lang.Integer");
        KeySelector cents = (KeySelector<Payment, Integer>) Payment::cents;
        assertThatThrownBy(() -> orders.stream().join(payments.stream()).where(Order::id).equalTo(cents))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("join")
                .hasMessageContaining("java.lang.String and java.lang.Integer");
        assertThatThrownBy(() -> orders.stream().coGroup(payments.stream()).where(Order::id).equalTo(cents))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("coGroup");
    }

    @Test
    void anElementWithoutATimestamp_failsTheJobNamingTheJoin() {
        driver.sink(intervalJoin().between(Duration.ZERO, Duration.ofMillis(1)).process(new Pairs()));
        driver.start();
        assertThatThrownBy(() -> orders.emit(new Order("a", "ada")))
                .isInstanceOf(JobExecutionException.class).hasMessageContaining("IntervalJoin")
                .rootCause().hasMessageContaining("without a timestamp");
    }

    @Test
    void aNullKey_failsTheJobNamingTheJoin() {
        driver.sink(intervalJoin().between(Duration.ZERO, Duration.ofMillis(1)).process(new Pairs()));
        driver.start();
        assertThatThrownBy(() -> orders.emit(new Order(null, "ada"), 1))
                .isInstanceOf(JobExecutionException.class).hasMessageContaining("null");
    }

    @Test
    void aNullKeyInAWindowJoin_failsTheJob() {
        driver.sink(orders.stream().join(payments.stream()).where(Order::id).equalTo(Payment::order)
                .window(TumblingEventTimeWindows.of(Duration.ofMillis(10))).apply((o, p) -> o.id() + p.cents()));
        driver.start();
        assertThatThrownBy(() -> payments.emit(new Payment(null, 1), 1))
                .isInstanceOf(JobExecutionException.class).hasMessageContaining("null");
        assertThat(driver).isNotNull();
    }
}
