package dev.tidemark.ports;

import dev.tidemark.api.DataStream;
import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.api.functions.Collector;
import dev.tidemark.api.functions.ProcessJoinFunction;
import dev.tidemark.api.tuple.Tuple3;
import dev.tidemark.eventtime.WatermarkStrategy;
import java.time.Duration;

/**
 * An interval join: orders (id, time, customer) with their payments (order id, time, cents) made
 * from one second before the order until five seconds after it; pairs carry the later time.
 */
public class OrderPayments {

    public static void main(String[] args) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(1);
        DataStream<Tuple3<String, Long, String>> orders = env.fromElements(
                        Tuple3.of("o1", 1_000L, "ada"), Tuple3.of("o2", 2_000L, "bo"), Tuple3.of("o3", 4_000L, "cy"),
                        Tuple3.of("o4", 3_500L, "di"), Tuple3.of("o5", 9_000L, "ed"))
                .assignTimestampsAndWatermarks(WatermarkStrategy
                        .<Tuple3<String, Long, String>>forBoundedOutOfOrderness(Duration.ofSeconds(1))
                        .withTimestampAssigner((order, timestamp) -> order.f1));
        DataStream<Tuple3<String, Long, Integer>> payments = env.fromElements(
                        Tuple3.of("o1", 1_500L, 1_200), Tuple3.of("o2", 1_000L, 800), Tuple3.of("o1", 6_000L, 300),
                        Tuple3.of("o1", 6_001L, 5), Tuple3.of("o3", 8_000L, 4_100), Tuple3.of("o4", 2_499L, 99),
                        Tuple3.of("o6", 9_000L, 700), Tuple3.of("o5", 13_500L, 2_500))
                .assignTimestampsAndWatermarks(WatermarkStrategy
                        .<Tuple3<String, Long, Integer>>forBoundedOutOfOrderness(Duration.ofSeconds(1))
                        .withTimestampAssigner((payment, timestamp) -> payment.f1));

        orders.keyBy(order -> order.f0)
                .intervalJoin(payments.keyBy(payment -> payment.f0))
                .between(Duration.ofSeconds(-1), Duration.ofSeconds(5))
                .process(new ProcessJoinFunction<Tuple3<String, Long, String>, Tuple3<String, Long, Integer>, String>() {
                    @Override
                    public void processElement(Tuple3<String, Long, String> order, Tuple3<String, Long, Integer> payment,
                            Context ctx, Collector<String> out) {
                        out.collect(order.f0 + " " + order.f2 + " paid " + payment.f2 + " at " + ctx.getTimestamp()
                                + " (order " + ctx.getLeftTimestamp() + ", payment " + ctx.getRightTimestamp() + ")");
                    }
                })
                .print();
        env.execute("Order payments");
    }
}
