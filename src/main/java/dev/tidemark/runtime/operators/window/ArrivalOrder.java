package dev.tidemark.runtime.operators.window;

import java.util.Arrays;
import java.util.Comparator;

/**
 * Puts things numbered by arrival back in arrival order: the indexes of distinct arrival numbers,
 * sorted by them. Sorted as primitives, (arrival - first arrival, index) packed in a long, when both
 * fit (arrivals are distinct, so indexes only ride along); boxed otherwise.
 */
final class ArrivalOrder {

    private static final int INDEX_BITS = 24;

    private ArrivalOrder() {}

    /** The indexes {@code 0 .. size - 1} in the order of {@code arrivals[index]}, which are distinct. */
    static int[] of(long[] arrivals, int size) {
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        for (int i = 0; i < size; i++) {
            first = Math.min(first, arrivals[i]);
            last = Math.max(last, arrivals[i]);
        }
        int[] order = new int[size];
        if (size < 1 << INDEX_BITS && last - first >= 0 && last - first < 1L << (63 - INDEX_BITS)) {
            long[] packed = new long[size];
            for (int i = 0; i < size; i++) {
                packed[i] = (arrivals[i] - first) << INDEX_BITS | i;
            }
            Arrays.sort(packed);
            for (int i = 0; i < size; i++) {
                order[i] = (int) (packed[i] & ((1 << INDEX_BITS) - 1));
            }
            return order;
        }
        Integer[] boxed = new Integer[size];
        Arrays.setAll(boxed, i -> i);
        Arrays.sort(boxed, Comparator.comparingLong(i -> arrivals[i]));
        for (int i = 0; i < size; i++) {
            order[i] = boxed[i];
        }
        return order;
    }
}
