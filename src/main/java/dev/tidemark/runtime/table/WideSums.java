package dev.tidemark.runtime.table;

import java.math.BigInteger;

/**
 * Sums of {@code long}s that cannot overflow on the way: a sum is kept as a {@code long} (the low
 * word) and, beside it, how often adding to it wrapped around (the high word of a 128-bit sum). A
 * sum so kept is the same whatever order its values came in, or however it was split and merged
 * (windows that share panes merge partial sums), and only a result that does not fit its type fails.
 */
final class WideSums {

    private WideSums() {}

    /**
     * What adding {@code x} to {@code sum}, which gave {@code wrapped}, adds to the high word: 1 if
     * it wrapped past {@code Long.MAX_VALUE}, -1 past {@code Long.MIN_VALUE}, else 0.
     */
    static long carry(long sum, long x, long wrapped) {
        if (((sum ^ wrapped) & (x ^ wrapped)) >= 0) {
            return 0;
        }
        return x < 0 ? -1 : 1;
    }

    /** The sum of high word {@code high} and low word {@code low}, which must fit a {@code long}. */
    static long value(long high, long low) {
        if (high != 0) {
            throw new ArithmeticException("the sum " + exact(high, low) + " overflows BIGINT");
        }
        return low;
    }

    /** The sum divided by {@code count} (truncated towards zero, as integer division is): it always fits. */
    static long average(long high, long low, long count) {
        if (high == 0) {
            return low / count;
        }
        return exact(high, low).divide(BigInteger.valueOf(count)).longValueExact();
    }

    private static BigInteger exact(long high, long low) {
        return BigInteger.valueOf(high).shiftLeft(64).add(BigInteger.valueOf(low));
    }
}
