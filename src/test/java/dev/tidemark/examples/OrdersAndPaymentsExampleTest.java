package dev.tidemark.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tidemark.api.StreamExecutionEnvironment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The orders-and-payments example: each order meets the payments made for it within 15 minutes,
 * each part of a split payment separately; a payment after that meets nothing.
 */
class OrdersAndPaymentsExampleTest {

    @Test
    @Timeout(60)
    void everyOrderMeetsItsPaymentsWithinFifteenMinutes() throws Exception {
        assertThat(OrdersAndPaymentsExample.paidOrders(StreamExecutionEnvironment.create().setParallelism(2))
                .executeAndCollect())
                .containsExactlyInAnyOrder(
                        "o1 alice paid 25.00 of 25.00 by card     30 s after ordering",
                        "o2 bob   paid 12.00 of 12.00 by card    120 s after ordering",
                        "o3 carol paid  9.90 of  9.90 by paypal  155 s after ordering",
                        "o4 alice paid 43.00 of 43.00 by card    300 s after ordering",
                        "o5 dave  paid 10.00 of 15.00 by card    100 s after ordering",
                        "o5 dave  paid  5.00 of 15.00 by voucher 200 s after ordering");
    }
}
