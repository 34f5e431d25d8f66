package dev.tidemark.examples;

import dev.tidemark.api.DataStream;
import dev.tidemark.api.SingleOutputStreamOperator;
import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.api.functions.Collector;
import dev.tidemark.api.functions.ProcessJoinFunction;
import dev.tidemark.eventtime.WatermarkStrategy;
import java.io.Serializable;
import java.time.Duration;
import java.util.List;

/**
 * Orders and payments: every order joined with the payments made for it within 15 minutes after it
 * was placed (an interval join), from bundled orders and payments that arrive slightly out of
 * order. An order paid in parts meets each part; a payment that comes after the 15 minutes meets
 * nothing.
 *
 * <p>Run it with {@code mvn -q test-compile exec:java@example -Dexample.main=dev.tidemark.examples.OrdersAndPaymentsExample}.
 */
public final class OrdersAndPaymentsExample {

    /** An order: when, its id, who placed it, and its total. */
    public record Order(long timestamp, String id, String customer, long cents) implements Serializable {
        static Order parse(String line) {
            String[] f = line.split(",");
            return new Order(Long.parseLong(f[0]), f[1], f[2], Long.parseLong(f[3]));
        }
    }

    /** A payment: when, for which order, how much, and how. */
    public record Payment(long timestamp, String order, long cents, String method) implements Serializable {
        static Payment parse(String line) {
            String[] f = line.split(",");
            return new Payment(Long.parseLong(f[0]), f[1], Long.parseLong(f[2]), f[3]);
        }
    }

    static DataStream<Order> orders(StreamExecutionEnvironment env) throws Exception {
        return env.fromCollection(SensorReadingsExample.readLines("/examples/orders.csv")).map(Order::parse)
                .assignTimestampsAndWatermarks(WatermarkStrategy.<Order>forBoundedOutOfOrderness(Duration.ofMinutes(1))
                        .withTimestampAssigner((order, previous) -> order.timestamp()));
    }

    static DataStream<Payment> payments(StreamExecutionEnvironment env) throws Exception {
        return env.fromCollection(SensorReadingsExample.readLines("/examples/payments.csv")).map(Payment::parse)
                .assignTimestampsAndWatermarks(WatermarkStrategy.<Payment>forBoundedOutOfOrderness(Duration.ofMinutes(1))
                        .withTimestampAssigner((payment, previous) -> payment.timestamp()));
    }

    /** Each order with each payment for it made from the order's time to 15 minutes later. */
    static SingleOutputStreamOperator<String> paidOrders(StreamExecutionEnvironment env) throws Exception {
        return orders(env).keyBy(Order::id)
                .intervalJoin(payments(env).keyBy(Payment::order))
                .between(Duration.ZERO, Duration.ofMinutes(15))
                .process(new DescribePayment());
    }

    /** Describes a payment of an order, with how long after the order it came. */
    static final class DescribePayment extends ProcessJoinFunction<Order, Payment, String> {
        @Override
        public void processElement(Order order, Payment payment, Context ctx, Collector<String> out) {
            long seconds = (ctx.getRightTimestamp() - ctx.getLeftTimestamp()) / 1_000;
            out.collect(String.format("%s %-5s paid %5.2f of %5.2f by %-7s %3d s after ordering", order.id(),
                    order.customer(), payment.cents() / 100.0, order.cents() / 100.0, payment.method(), seconds));
        }
    }

    public static void main(String[] args) throws Exception {
        List<String> paid = paidOrders(StreamExecutionEnvironment.getExecutionEnvironment()).executeAndCollect();
        paid.stream().sorted().forEach(System.out::println); // the join emits as the two inputs interleave
    }
}
