package dev.tidemark.api.functions;

import java.io.Serializable;

/**
 * Ready-made {@link AggregateFunction}s for windows and aggregating state. Each declares
 * {@link AggregateFunction#mergesExactly()}: its accumulators hold integers (counts, sums, extremes),
 * so merging two gives exactly what adding their elements one by one would, and sliding windows
 * aggregated by one share one accumulator per key and slide (panes) without being asked.
 */
public final class Aggregations {

    private Aggregations() {}

    /** The {@code long} an aggregation reads from each element, such as {@code Event::amount}. */
    @FunctionalInterface
    public interface LongField<T> extends Serializable {
        long of(T value);
    }

    /** Counts elements. */
    public static <T> AggregateFunction<T, long[], Long> count() {
        return new Count<>();
    }

    /** Sums {@code field} of the elements; the sum wraps around on overflow, as {@code long} addition does. */
    public static <T> AggregateFunction<T, long[], Long> sum(LongField<T> field) {
        return new Sum<>(requireField(field));
    }

    /** The smallest {@code field} of the elements; {@code null} for an accumulator without elements. */
    public static <T> AggregateFunction<T, long[], Long> min(LongField<T> field) {
        return new Extreme<>(requireField(field), false);
    }

    /** The largest {@code field} of the elements; {@code null} for an accumulator without elements. */
    public static <T> AggregateFunction<T, long[], Long> max(LongField<T> field) {
        return new Extreme<>(requireField(field), true);
    }

    /**
     * The mean of {@code field} over the elements, from their exact sum and count, so it does not
     * depend on the order they came in; {@code null} for an accumulator without elements.
     */
    public static <T> AggregateFunction<T, long[], Double> average(LongField<T> field) {
        return new Average<>(requireField(field));
    }

    private static <T> LongField<T> requireField(LongField<T> field) {
        if (field == null) {
            throw new NullPointerException("field must not be null");
        }
        return field;
    }

    /** An aggregation whose accumulator is a {@code long[]} of integers that merge exactly. */
    private abstract static class Exact<T, OUT> implements AggregateFunction<T, long[], OUT> {
        private static final long serialVersionUID = 1L;

        @Override
        public final boolean mergesExactly() {
            return true;
        }
    }

    /** A total in {@code [total]}: a count or a sum. */
    private abstract static class Total<T> extends Exact<T, Long> {
        private static final long serialVersionUID = 1L;

        @Override
        public long[] createAccumulator() {
            return new long[1];
        }

        @Override
        public Long getResult(long[] accumulator) {
            return accumulator[0];
        }

        @Override
        public long[] merge(long[] a, long[] b) {
            a[0] += b[0];
            return a;
        }
    }

    private static final class Count<T> extends Total<T> {
        private static final long serialVersionUID = 1L;

        @Override
        public long[] add(T value, long[] accumulator) {
            accumulator[0]++;
            return accumulator;
        }
    }

    private static final class Sum<T> extends Total<T> {
        private static final long serialVersionUID = 1L;
        private final LongField<T> field;

        Sum(LongField<T> field) {
            this.field = field;
        }

        @Override
        public long[] add(T value, long[] accumulator) {
            accumulator[0] += field.of(value);
            return accumulator;
        }
    }

    /** The minimum or maximum: {@code [extreme, count]}. */
    private static final class Extreme<T> extends Exact<T, Long> {
        private static final long serialVersionUID = 1L;
        private final LongField<T> field;
        private final boolean max;

        Extreme(LongField<T> field, boolean max) {
            this.field = field;
            this.max = max;
        }

        @Override
        public long[] createAccumulator() {
            return new long[2];
        }

        @Override
        public long[] add(T value, long[] accumulator) {
            include(accumulator, field.of(value), 1);
            return accumulator;
        }

        private void include(long[] accumulator, long value, long count) {
            if (accumulator[1] == 0 || (max ? value > accumulator[0] : value < accumulator[0])) {
                accumulator[0] = value;
            }
            accumulator[1] += count;
        }

        @Override
        public Long getResult(long[] accumulator) {
            return accumulator[1] == 0 ? null : accumulator[0];
        }

        @Override
        public long[] merge(long[] a, long[] b) {
            if (b[1] != 0) {
                include(a, b[0], b[1]);
            }
            return a;
        }
    }

    /** The mean: {@code [sum, count]}. */
    private static final class Average<T> extends Exact<T, Double> {
        private static final long serialVersionUID = 1L;
        private final LongField<T> field;

        Average(LongField<T> field) {
            this.field = field;
        }

        @Override
        public long[] createAccumulator() {
            return new long[2];
        }

        @Override
        public long[] add(T value, long[] accumulator) {
            accumulator[0] += field.of(value);
            accumulator[1]++;
            return accumulator;
        }

        @Override
        public Double getResult(long[] accumulator) {
            return accumulator[1] == 0 ? null : (double) accumulator[0] / accumulator[1];
        }

        @Override
        public long[] merge(long[] a, long[] b) {
            a[0] += b[0];
            a[1] += b[1];
            return a;
        }
    }
}
