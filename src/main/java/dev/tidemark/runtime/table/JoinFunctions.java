package dev.tidemark.runtime.table;

import dev.tidemark.api.CoGroupedStreams.TaggedUnion;
import dev.tidemark.api.functions.CoGroupFunction;
import dev.tidemark.api.functions.Collector;
import dev.tidemark.api.functions.FilterFunction;
import dev.tidemark.api.functions.KeySelector;
import dev.tidemark.api.functions.ProcessJoinFunction;
import dev.tidemark.runtime.sql.Bound;
import dev.tidemark.runtime.sql.Evaluation;
import dev.tidemark.runtime.sql.Evaluator;
import dev.tidemark.windowing.assigners.WindowAssigner;
import dev.tidemark.windowing.triggers.EventTimeTrigger;
import dev.tidemark.windowing.triggers.Trigger;
import dev.tidemark.windowing.windows.TimeWindow;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/** The functions the joins of SQL run: their keys, and the rows they make of matching pairs. */
final class JoinFunctions {

    private JoinFunctions() {}

    /**
     * The join columns' values as a key that is equal where SQL's {@code =} is true: integers as
     * {@code long}s whatever their column's type, decimals by value whatever their scale, and zero
     * with one sign. Rows whose key has a NULL get a key of their own kind, and never match
     * ({@link #hasNull}).
     */
    record JoinKey(int[] columns) implements KeySelector<Object[], Object> {
        @Override
        public Object getKey(Object[] row) {
            if (columns.length == 1) {
                return normalized(row[columns[0]]);
            }
            List<Object> key = new ArrayList<>(columns.length);
            for (int column : columns) {
                key.add(normalized(row[column]));
            }
            return key;
        }

        boolean hasNull(Object[] row) {
            for (int column : columns) {
                if (row[column] == null) {
                    return true;
                }
            }
            return false;
        }

        private static Object normalized(Object value) {
            if (value == null) {
                return NullKey.NULL;
            }
            if (value instanceof Integer i) {
                return (long) i;
            }
            if (value instanceof BigDecimal d) {
                return d.signum() == 0 ? BigDecimal.ZERO : d.stripTrailingZeros();
            }
            if (value instanceof Double d && d == 0) {
                return 0.0;
            }
            return value;
        }
    }

    /** The key of rows with a NULL among their join columns (a key may not be null). */
    enum NullKey { NULL }

    /** Keeps the rows whose join columns are all set: a NULL equals nothing. */
    record KeyIsSet(JoinKey key) implements FilterFunction<Object[]> {
        @Override
        public boolean filter(Object[] row) {
            return !key.hasNull(row);
        }
    }

    /** The joined row: the left row's columns, then the right row's. */
    static Object[] concat(Object[] left, Object[] right, int rightSize) {
        Object[] joined = new Object[left.length + rightSize];
        System.arraycopy(left, 0, joined, 0, left.length);
        if (right != null) {
            System.arraycopy(right, 0, joined, left.length, rightSize);
        }
        return joined;
    }

    /** Whether the conditions that are neither keys nor time bounds hold for a joined row (TRUE, not NULL). */
    static final class Residual implements java.io.Serializable {
        private static final long serialVersionUID = 1L;
        private final List<Bound> conditions;
        private transient Evaluation[] tests;

        Residual(List<Bound> conditions) {
            this.conditions = List.copyOf(conditions);
        }

        boolean holds(Object[] joined) {
            if (tests == null) {
                Evaluator evaluator = new Evaluator(() -> {
                    throw new IllegalStateException("PROCTIME() in a join condition");
                });
                tests = conditions.stream().map(evaluator::compile).toArray(Evaluation[]::new);
            }
            for (Evaluation test : tests) {
                if (!Boolean.TRUE.equals(test.apply(joined))) {
                    return false;
                }
            }
            return true;
        }
    }

    /** The rows of an interval join's pairs that meet the rest of the condition. */
    static final class IntervalPairs extends ProcessJoinFunction<Object[], Object[], Object[]> {
        private static final long serialVersionUID = 1L;
        private final int rightSize;
        private final Residual residual;

        IntervalPairs(int rightSize, Residual residual) {
            this.rightSize = rightSize;
            this.residual = residual;
        }

        @Override
        public void processElement(Object[] left, Object[] right, Context ctx, Collector<Object[]> out) {
            Object[] joined = concat(left, right, rightSize);
            if (residual.holds(joined)) {
                out.collect(joined);
            }
        }
    }

    /**
     * The rows of a window join for one key and window: every pair that meets the rest of the
     * condition and, for a LEFT join, each left row without one, its right columns NULL.
     */
    static final class WindowPairs implements CoGroupFunction<Object[], Object[], Object[]> {
        private static final long serialVersionUID = 1L;
        private final JoinKey leftKey;
        private final JoinKey rightKey;
        private final int rightSize;
        private final boolean keepUnmatchedLeft;
        private final Residual residual;

        WindowPairs(JoinKey leftKey, JoinKey rightKey, int rightSize, boolean keepUnmatchedLeft, Residual residual) {
            this.leftKey = leftKey;
            this.rightKey = rightKey;
            this.rightSize = rightSize;
            this.keepUnmatchedLeft = keepUnmatchedLeft;
            this.residual = residual;
        }

        @Override
        public void coGroup(Iterable<Object[]> lefts, Iterable<Object[]> rights, Collector<Object[]> out) {
            for (Object[] left : lefts) {
                boolean matched = false;
                if (!leftKey.hasNull(left)) {
                    for (Object[] right : rights) {
                        if (rightKey.hasNull(right)) {
                            continue;
                        }
                        Object[] joined = concat(left, right, rightSize);
                        if (residual.holds(joined)) {
                            out.collect(joined);
                            matched = true;
                        }
                    }
                }
                if (!matched && keepUnmatchedLeft) {
                    out.collect(concat(left, null, rightSize));
                }
            }
        }
    }

    /**
     * Puts each row of a window join's inputs into the window its {@code window_start} and
     * {@code window_end} columns name, so that both sides' rows of one window meet, and the window
     * fires when the watermark reaches its last millisecond, just after the windows that made them.
     */
    static final class RowWindows extends WindowAssigner<Object, TimeWindow> {
        private static final long serialVersionUID = 1L;
        private final int leftStart;
        private final int leftEnd;
        private final int rightStart;
        private final int rightEnd;

        RowWindows(int leftStart, int leftEnd, int rightStart, int rightEnd) {
            this.leftStart = leftStart;
            this.leftEnd = leftEnd;
            this.rightStart = rightStart;
            this.rightEnd = rightEnd;
        }

        @Override
        public void assignWindows(Object element, long timestamp, Context context, WindowCollector<TimeWindow> out) {
            TaggedUnion<?, ?> tagged = (TaggedUnion<?, ?>) element;
            Object[] row = (Object[]) (tagged.isOne() ? tagged.getOne() : tagged.getTwo());
            int start = tagged.isOne() ? leftStart : rightStart;
            int end = tagged.isOne() ? leftEnd : rightEnd;
            out.collect(new TimeWindow(Evaluator.epochMillis(row[start]), Evaluator.epochMillis(row[end])));
        }

        @Override
        public Trigger<Object, TimeWindow> getDefaultTrigger() {
            return EventTimeTrigger.create();
        }

        @Override
        public boolean isEventTime() {
            return true;
        }
    }
}
