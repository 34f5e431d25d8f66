package dev.tidemark.api.functions;

/** Ready-made {@link AggregateFunction}s for windows and aggregating state. */
public final class Aggregations {

    private Aggregations() {}

    /** Counts elements. */
    public static <T> AggregateFunction<T, long[], Long> count() {
        return new Count<>();
    }

    private static final class Count<T> implements AggregateFunction<T, long[], Long> {
        private static final long serialVersionUID = 1L;

        @Override
        public long[] createAccumulator() {
            return new long[1];
        }

        @Override
        public long[] add(T value, long[] accumulator) {
            accumulator[0]++;
            return accumulator;
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

        @Override
        public boolean mergesExactly() {
            return true;
        }
    }
}
