package dev.tidemark.runtime.table;

import dev.tidemark.api.DataStream;
import dev.tidemark.api.SingleOutputStreamOperator;
import dev.tidemark.api.WindowedStream;
import dev.tidemark.api.functions.AggregateFunction;
import dev.tidemark.api.functions.Collector;
import dev.tidemark.api.functions.KeySelector;
import dev.tidemark.api.functions.MapFunction;
import dev.tidemark.api.functions.ProcessWindowFunction;
import dev.tidemark.runtime.operators.window.ReadOnlyResults;
import dev.tidemark.runtime.sql.Bound;
import dev.tidemark.runtime.sql.Evaluator;
import dev.tidemark.table.DataType;
import dev.tidemark.windowing.assigners.WindowAssigner;
import dev.tidemark.windowing.windows.TimeWindow;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** The functions a window aggregation runs: its aggregates and the rows its windows emit (its keys: {@link WindowKeys}). */
final class WindowAggregation {

    private WindowAggregation() {}

    /**
     * The rows of {@code input}'s windows: one per key and window, of the aggregates' results as
     * {@code outputs} say. Over a scan of a stream whose grouping columns and arguments are all
     * fields of its elements, the windows take the elements themselves and no row is made per
     * element.
     *
     * @param timeColumn the rowtime the windows are over, or -1 for processing time
     */
    static FormableRows over(PlannedTable input, int timeColumn, int[] keyColumns, List<Aggregate> aggregates,
            WindowAssigner<Object, TimeWindow> windows, List<Output> outputs, DataType.Root timeRoot) {
        return new FormableRows(new FormableRows.Maker() {
            @Override
            public <R> SingleOutputStreamOperator<R> make(MapFunction<Object[], R> form) {
                return over(input, timeColumn, keyColumns, aggregates, windows, outputs, timeRoot, form)
                        .name("WindowAggregate");
            }
        });
    }

    private static <R> SingleOutputStreamOperator<R> over(PlannedTable input, int timeColumn, int[] keyColumns,
            List<Aggregate> aggregates, WindowAssigner<Object, TimeWindow> windows, List<Output> outputs,
            DataType.Root timeRoot, MapFunction<Object[], R> form) {
        StreamScan<?> scan = input.scan();
        if (scan != null && (timeColumn < 0 || timeColumn == scan.timestamps())
                && Arrays.stream(keyColumns).allMatch(scan::isField)
                && aggregates.stream().allMatch(a -> a.argument() == null || a.argument() instanceof Bound.Column c
                        && c.index() < scan.fieldOf().size() && scan.isField(c.index()))) {
            return overElements(scan, keyColumns, aggregates, windows, outputs, timeRoot, form);
        }
        DataStream<Object[]> rows = timeColumn < 0 ? input.rows() : input.rowsStampedBy(timeColumn);
        return rows(rows.keyBy(new WindowKeys.RowKey(keyColumns)).window(windows), Accumulators.of(aggregates,
                new WindowKeys.RowArguments(aggregates)), keyColumns.length, outputs, timeRoot, form);
    }

    private static <T, R> SingleOutputStreamOperator<R> overElements(StreamScan<T> scan, int[] keyColumns,
            List<Aggregate> aggregates, WindowAssigner<Object, TimeWindow> windows, List<Output> outputs,
            DataType.Root timeRoot, MapFunction<Object[], R> form) {
        List<String> keys = Arrays.stream(keyColumns).mapToObj(scan.fieldOf()::get).toList();
        @SuppressWarnings("unchecked") // a Long is an Object: the windows' keys are Objects to their function
        KeySelector<T, Object> key = keys.size() == 1 && scan.isLongField(keyColumns[0])
                ? (KeySelector<T, Object>) (KeySelector<T, ?>) new WindowKeys.LongFieldKey<T>(keys.get(0))
                : new WindowKeys.FieldKey<T>(keys);
        List<String> arguments = new ArrayList<>();
        for (Aggregate aggregate : aggregates) {
            arguments.add(aggregate.argument() == null ? null
                    : scan.fieldOf().get(((Bound.Column) aggregate.argument()).index()));
        }
        return rows(scan.elements().keyBy(key).window(windows), Accumulators.of(aggregates,
                new WindowKeys.FieldArguments<T>(arguments)), keyColumns.length, outputs, timeRoot, form);
    }

    private static <IN, A, R> SingleOutputStreamOperator<R> rows(WindowedStream<IN, Object, TimeWindow> windows,
            Accumulators<IN, A> accumulators, int keyColumns, List<Output> outputs, DataType.Root timeRoot,
            MapFunction<Object[], R> form) {
        return windows.aggregate(accumulators, new Rows<>(keyColumns, outputs, accumulators, timeRoot, form));
    }

    /**
     * The accumulator of every aggregate for one key and window, and each aggregate's result from it.
     * The result is the accumulator itself, which {@link Rows} only reads: windows that share panes
     * may hand it a pane's.
     */
    abstract static class Accumulators<IN, A> implements AggregateFunction<IN, A, A>, ReadOnlyResults {
        private static final long serialVersionUID = 1L;
        final List<Aggregate> aggregates;
        final WindowKeys.Arguments<IN> arguments;

        Accumulators(List<Aggregate> aggregates, WindowKeys.Arguments<IN> arguments) {
            this.aggregates = List.copyOf(aggregates);
            this.arguments = arguments;
        }

        /** The accumulators for {@code aggregates}: counts and integral sums in one {@code long[]} when they allow. */
        static <IN> Accumulators<IN, ?> of(List<Aggregate> aggregates, WindowKeys.Arguments<IN> arguments) {
            return aggregates.stream().allMatch(Aggregate::countsInLongs) ? new Longs<>(aggregates, arguments)
                    : new States<>(aggregates, arguments);
        }

        /** The {@code i}th aggregate's result. */
        abstract Object result(A accumulator, int i);

        /** Exact for counts, MIN, MAX and sums of integers or decimals: sliding windows then share panes. */
        @Override
        public boolean mergesExactly() {
            return aggregates.stream().allMatch(Aggregate::mergesExactly);
        }

        @Override
        public A getResult(A accumulator) {
            return accumulator;
        }
    }

    /** Any aggregates: a {@link Aggregate.State} each. */
    static final class States<IN> extends Accumulators<IN, Aggregate.State[]> {
        private static final long serialVersionUID = 1L;

        States(List<Aggregate> aggregates, WindowKeys.Arguments<IN> arguments) {
            super(aggregates, arguments);
        }

        @Override
        public Aggregate.State[] createAccumulator() {
            Aggregate.State[] states = new Aggregate.State[aggregates.size()];
            for (int i = 0; i < states.length; i++) {
                states[i] = new Aggregate.State();
            }
            return states;
        }

        @Override
        public Aggregate.State[] add(IN input, Aggregate.State[] states) {
            for (int i = 0; i < states.length; i++) {
                Aggregate aggregate = aggregates.get(i);
                aggregate.add(states[i], aggregate.argument() == null ? null : arguments.value(input, i));
            }
            return states;
        }

        @Override
        public Aggregate.State[] merge(Aggregate.State[] a, Aggregate.State[] b) {
            for (int i = 0; i < a.length; i++) {
                aggregates.get(i).merge(a[i], b[i]);
            }
            return a;
        }

        @Override
        Object result(Aggregate.State[] states, int i) {
            return aggregates.get(i).result(states[i]);
        }
    }

    /**
     * Counts and sums of INT or BIGINT values, not DISTINCT: each aggregate's count and sum side by
     * side in one {@code long[]}, one object per key and window. A sum that wraps ({@link WideSums})
     * gets the array's tail, one high word per aggregate after the pairs: an array without it (every
     * one that never wrapped, and those of snapshots from before) has high words of 0.
     */
    static final class Longs<IN> extends Accumulators<IN, long[]> {
        private static final long serialVersionUID = 1L;

        private static final byte COUNT_ALL = 0;
        private static final byte COUNT = 1;
        private static final byte SUM = 2; // of integers, for SUM and AVG
        private final byte[] kinds; // per aggregate: what add does with its argument

        Longs(List<Aggregate> aggregates, WindowKeys.Arguments<IN> arguments) {
            super(aggregates, arguments);
            kinds = new byte[aggregates.size()];
            for (int i = 0; i < kinds.length; i++) {
                Aggregate aggregate = aggregates.get(i);
                kinds[i] = aggregate.argument() == null ? COUNT_ALL : aggregate.integral() ? SUM : COUNT;
            }
        }

        @Override
        public long[] createAccumulator() {
            return new long[2 * aggregates.size()];
        }

        @Override
        public long[] add(IN input, long[] counts) {
            for (int i = 0; i < kinds.length; i++) {
                if (kinds[i] == COUNT_ALL) {
                    counts[2 * i]++;
                    continue;
                }
                Object v = arguments.value(input, i);
                if (v != null) { // NULL is not counted
                    counts[2 * i]++;
                    if (kinds[i] == SUM) {
                        counts = addToSum(counts, i, ((Number) v).longValue(), 0);
                    }
                }
            }
            return counts;
        }

        @Override
        public long[] merge(long[] a, long[] b) {
            for (int i = 0; i < kinds.length; i++) {
                a[2 * i] += b[2 * i];
                a = addToSum(a, i, b[2 * i + 1], high(b, i));
            }
            return a;
        }

        /** {@code counts} with the {@code i}th sum grown by ({@code high}, {@code low}); a new array if it needs a tail. */
        private long[] addToSum(long[] counts, int i, long low, long high) {
            long sum = counts[2 * i + 1] + low;
            long carry = high + WideSums.carry(counts[2 * i + 1], low, sum);
            counts[2 * i + 1] = sum;
            if (carry != 0) {
                if (counts.length == 2 * kinds.length) {
                    counts = Arrays.copyOf(counts, 3 * kinds.length);
                }
                counts[2 * kinds.length + i] += carry;
            }
            return counts;
        }

        private long high(long[] counts, int i) {
            return counts.length == 2 * kinds.length ? 0 : counts[2 * kinds.length + i];
        }

        @Override
        Object result(long[] counts, int i) {
            return aggregates.get(i).result(counts[2 * i], counts[2 * i + 1], high(counts, i));
        }
    }

    /** What one output column is: a grouping key, a window bound, or an aggregate's result. */
    record Output(Kind kind, int index) implements Serializable {
        enum Kind { KEY, WINDOW_START, WINDOW_END, WINDOW_TIME, AGGREGATE }
    }

    /** Emits one row per key and window, its columns as {@code outputs} say, in the form {@code form} gives it. */
    static final class Rows<A, R> extends ProcessWindowFunction<A, R, Object, TimeWindow> {
        private static final long serialVersionUID = 1L;
        private final int keyColumns;
        private final List<Output> outputs;
        private final Accumulators<?, A> aggregates;
        private final DataType.Root timeRoot;
        private final MapFunction<Object[], R> form;
        // the last window's bounds as values: every key's row of one firing has the same ones
        private transient TimeWindow lastWindow;
        private transient Object start;
        private transient Object end;
        private transient Object time;

        Rows(int keyColumns, List<Output> outputs, Accumulators<?, A> aggregates, DataType.Root timeRoot,
                MapFunction<Object[], R> form) {
            this.keyColumns = keyColumns;
            this.outputs = List.copyOf(outputs);
            this.aggregates = aggregates;
            this.timeRoot = timeRoot;
            this.form = form;
        }

        @Override
        public void process(Object key, Context ctx, Iterable<A> results, Collector<R> out) throws Exception {
            A accumulator = results.iterator().next();
            TimeWindow window = ctx.window();
            if (!window.equals(lastWindow)) {
                lastWindow = window;
                start = Evaluator.timestampOf(window.getStart(), DataType.Root.TIMESTAMP);
                end = Evaluator.timestampOf(window.getEnd(), DataType.Root.TIMESTAMP);
                time = Evaluator.timestampOf(window.maxTimestamp(), timeRoot);
            }
            Object[] row = new Object[outputs.size()];
            for (int i = 0; i < row.length; i++) {
                Output output = outputs.get(i);
                row[i] = switch (output.kind()) {
                    case KEY -> WindowKeys.keyColumn(key, keyColumns, output.index());
                    case WINDOW_START -> start;
                    case WINDOW_END -> end;
                    case WINDOW_TIME -> time;
                    case AGGREGATE -> aggregates.result(accumulator, output.index());
                };
            }
            out.collect(form.map(row));
        }
    }
}
