package dev.tidemark.runtime.table;

import dev.tidemark.api.functions.AggregateFunction;
import dev.tidemark.api.functions.Collector;
import dev.tidemark.api.functions.KeySelector;
import dev.tidemark.api.functions.ProcessWindowFunction;
import dev.tidemark.runtime.sql.Evaluation;
import dev.tidemark.runtime.sql.Evaluator;
import dev.tidemark.table.DataType;
import dev.tidemark.windowing.windows.TimeWindow;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/** The functions a window aggregation runs: its key, its aggregates, and the rows its windows emit. */
final class WindowAggregation {

    private WindowAggregation() {}

    /**
     * The grouping columns' values as the key: the value itself for one column (no list to make,
     * hash and compare per row), else a list of them (equal values, equal keys).
     */
    record RowKey(int[] columns) implements KeySelector<Object[], Object> {
        @Override
        public Object getKey(Object[] row) {
            if (columns.length == 1) {
                return row[columns[0]] == null ? NULL_KEY : row[columns[0]];
            }
            List<Object> key = new ArrayList<>(columns.length);
            for (int column : columns) {
                key.add(row[column]);
            }
            return key;
        }

        /** The key column's value in {@code key}, which {@link #getKey} made. */
        Object column(Object key, int index) {
            if (columns.length == 1) {
                return key == NULL_KEY ? null : key;
            }
            return ((List<?>) key).get(index);
        }
    }

    /** The key of rows whose one grouping column is NULL (keys must not be null): equal to no value. */
    enum NullKey { NULL }

    private static final NullKey NULL_KEY = NullKey.NULL;

    /** Every aggregate's state for one key and window. */
    static final class Aggregates implements AggregateFunction<Object[], Aggregate.State[], Aggregate.State[]> {
        private static final long serialVersionUID = 1L;
        private final List<Aggregate> aggregates;
        private transient Evaluation[] arguments;

        Aggregates(List<Aggregate> aggregates) {
            this.aggregates = List.copyOf(aggregates);
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
        public Aggregate.State[] add(Object[] row, Aggregate.State[] states) {
            if (arguments == null) {
                Evaluator evaluator = new Evaluator(() -> {
                    throw new IllegalStateException("PROCTIME() in an aggregate's argument");
                });
                arguments = aggregates.stream().map(a -> a.argument() == null ? null : evaluator.compile(a.argument()))
                        .toArray(Evaluation[]::new);
            }
            for (int i = 0; i < states.length; i++) {
                aggregates.get(i).add(states[i], arguments[i], row);
            }
            return states;
        }

        @Override
        public Aggregate.State[] getResult(Aggregate.State[] states) {
            return states;
        }

        @Override
        public Aggregate.State[] merge(Aggregate.State[] a, Aggregate.State[] b) {
            for (int i = 0; i < a.length; i++) {
                aggregates.get(i).merge(a[i], b[i]);
            }
            return a;
        }
    }

    /** What one output column is: a grouping key, a window bound, or an aggregate's result. */
    record Output(Kind kind, int index) implements Serializable {
        enum Kind { KEY, WINDOW_START, WINDOW_END, WINDOW_TIME, AGGREGATE }
    }

    /** Emits one row per key and window, its columns as {@code outputs} say. */
    static final class Rows extends ProcessWindowFunction<Aggregate.State[], Object[], Object, TimeWindow> {
        private static final long serialVersionUID = 1L;
        private final RowKey keys;
        private final List<Output> outputs;
        private final List<Aggregate> aggregates;
        private final DataType.Root timeRoot;
        // the last window's bounds as values: every key's row of one firing has the same ones
        private transient TimeWindow lastWindow;
        private transient Object start;
        private transient Object end;
        private transient Object time;

        Rows(RowKey keys, List<Output> outputs, List<Aggregate> aggregates, DataType.Root timeRoot) {
            this.keys = keys;
            this.outputs = List.copyOf(outputs);
            this.aggregates = List.copyOf(aggregates);
            this.timeRoot = timeRoot;
        }

        @Override
        public void process(Object key, Context ctx, Iterable<Aggregate.State[]> results, Collector<Object[]> out) {
            Aggregate.State[] states = results.iterator().next();
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
                    case KEY -> keys.column(key, output.index());
                    case WINDOW_START -> start;
                    case WINDOW_END -> end;
                    case WINDOW_TIME -> time;
                    case AGGREGATE -> aggregates.get(output.index()).result(states[output.index()]);
                };
            }
            out.collect(row);
        }
    }
}
