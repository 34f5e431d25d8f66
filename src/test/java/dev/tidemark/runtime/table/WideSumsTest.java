package dev.tidemark.runtime.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class WideSumsTest {

    private static final long[] EXTREMES = {Long.MAX_VALUE, Long.MIN_VALUE, Long.MAX_VALUE - 1, Long.MIN_VALUE + 1, -1, 0,
            1};

    /** Sums of values near the extremes, in any order, kept wide, against exact arithmetic. */
    @Test
    void aWideSumIsTheExactSum_andFitsALongWhenItsHighWordIsZero() {
        SplittableRandom random = new SplittableRandom(3);
        for (int run = 0; run < 10_000; run++) {
            long low = 0;
            long high = 0;
            BigInteger exact = BigInteger.ZERO;
            int values = 1 + random.nextInt(8);
            for (int i = 0; i < values; i++) {
                long x = random.nextBoolean() ? EXTREMES[random.nextInt(EXTREMES.length)] : random.nextLong();
                long sum = low + x;
                high += WideSums.carry(low, x, sum);
                low = sum;
                exact = exact.add(BigInteger.valueOf(x));
            }
            assertThat(BigInteger.valueOf(high).shiftLeft(64).add(BigInteger.valueOf(low))).isEqualTo(exact);
            if (exact.bitLength() < 64) {
                assertThat(WideSums.value(high, low)).isEqualTo(exact.longValueExact());
            } else {
                long h = high;
                long l = low;
                assertThatThrownBy(() -> WideSums.value(h, l)).isInstanceOf(ArithmeticException.class)
                        .hasMessage("the sum " + exact + " overflows BIGINT");
            }
            assertThat(WideSums.average(high, low, values)).isEqualTo(
                    exact.divide(BigInteger.valueOf(values)).longValueExact());
        }
    }
}
