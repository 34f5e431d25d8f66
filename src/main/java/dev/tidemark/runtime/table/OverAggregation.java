package dev.tidemark.runtime.table;

import dev.tidemark.api.functions.Collector;
import dev.tidemark.api.functions.KeyedProcessFunction;
import dev.tidemark.runtime.sql.Evaluation;
import dev.tidemark.runtime.sql.Evaluator;
import dev.tidemark.state.ValueState;
import dev.tidemark.state.ValueStateDescriptor;
import java.io.Serializable;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * An OVER aggregation in event time, per partition key: rows wait until the watermark reaches
 * their rowtime, then each is emitted with its aggregates over its frame, in time order. A RANGE
 * frame holds the rows from {@code preceding} milliseconds before up to the current row and its
 * peers (every row of the same time gets the same values); a ROWS frame the current row and the
 * {@code preceding} rows before it, in the order they came. {@code preceding} is -1 for UNBOUNDED,
 * whose aggregates run on without keeping rows.
 */
final class OverAggregation extends KeyedProcessFunction<Object, Object[], Object[]> {

    private static final long serialVersionUID = 1L;

    private final List<Aggregate> aggregates;
    private final boolean rowsFrame;
    private final long preceding;
    private final int timeColumn;
    private transient ValueState<Rows> state;
    private transient Evaluation[] arguments;

    OverAggregation(List<Aggregate> aggregates, boolean rowsFrame, long preceding, int timeColumn) {
        this.aggregates = List.copyOf(aggregates);
        this.rowsFrame = rowsFrame;
        this.preceding = preceding;
        this.timeColumn = timeColumn;
    }

    /** A partition's rows: those waiting for the watermark, by time, and those still in the frame. */
    static final class Rows implements Serializable {
        private static final long serialVersionUID = 1L;
        final TreeMap<Long, List<Object[]>> pending = new TreeMap<>();
        final ArrayDeque<Object[]> frame = new ArrayDeque<>(); // oldest first
        Aggregate.State[] running; // for an UNBOUNDED frame
    }

    @Override
    public void open(dev.tidemark.api.functions.OpenContext context) {
        state = getRuntimeContext().getState(new ValueStateDescriptor<>("over", Rows.class));
        Evaluator evaluator = new Evaluator(() -> {
            throw new IllegalStateException("PROCTIME() in an aggregate's argument");
        });
        arguments = aggregates.stream().map(a -> a.argument() == null ? null : evaluator.compile(a.argument()))
                .toArray(Evaluation[]::new);
    }

    @Override
    public void processElement(Object[] row, Context ctx, Collector<Object[]> out) throws Exception {
        Rows rows = state.value();
        if (rows == null) {
            rows = new Rows();
        }
        rows.pending.computeIfAbsent(ctx.timestamp(), t -> new ArrayList<>(1)).add(row);
        state.update(rows);
        ctx.timerService().registerEventTimeTimer(ctx.timestamp());
    }

    @Override
    public void onTimer(long time, OnTimerContext ctx, Collector<Object[]> out) throws Exception {
        Rows rows = state.value();
        if (rows == null) {
            return;
        }
        if (!rowsFrame && preceding >= 0) {
            long oldest = time < Long.MIN_VALUE + preceding ? Long.MIN_VALUE : time - preceding;
            while (!rows.frame.isEmpty() && Evaluator.epochMillis(rows.frame.peekFirst()[timeColumn]) < oldest) {
                rows.frame.removeFirst();
            }
        }
        List<Object[]> arrived = rows.pending.remove(time);
        if (arrived != null) {
            emit(rows, arrived, out);
            if (!rowsFrame && preceding >= 0 && time <= Long.MAX_VALUE - preceding - 1) {
                ctx.timerService().registerEventTimeTimer(time + preceding + 1); // when these rows leave the frame
            }
        }
        if (rows.pending.isEmpty() && rows.frame.isEmpty() && rows.running == null) {
            state.clear();
        } else {
            state.update(rows);
        }
    }

    private void emit(Rows rows, List<Object[]> arrived, Collector<Object[]> out) {
        if (preceding < 0) {
            if (rows.running == null) {
                rows.running = newStates();
            }
            for (Object[] row : arrived) {
                add(rows.running, row);
                if (rowsFrame) {
                    out.collect(withResults(row, rows.running));
                }
            }
            if (!rowsFrame) {
                arrived.forEach(row -> out.collect(withResults(row, rows.running)));
            }
            return;
        }
        if (rowsFrame) {
            for (Object[] row : arrived) {
                rows.frame.addLast(row);
                if (rows.frame.size() > preceding + 1) {
                    rows.frame.removeFirst();
                }
                out.collect(withResults(row, over(rows.frame)));
            }
            return;
        }
        rows.frame.addAll(arrived);
        Aggregate.State[] results = over(rows.frame);
        arrived.forEach(row -> out.collect(withResults(row, results)));
    }

    private Aggregate.State[] over(Iterable<Object[]> frame) {
        Aggregate.State[] states = newStates();
        for (Object[] row : frame) {
            add(states, row);
        }
        return states;
    }

    private Aggregate.State[] newStates() {
        Aggregate.State[] states = new Aggregate.State[aggregates.size()];
        for (int i = 0; i < states.length; i++) {
            states[i] = new Aggregate.State();
        }
        return states;
    }

    private void add(Aggregate.State[] states, Object[] row) {
        for (int i = 0; i < states.length; i++) {
            aggregates.get(i).add(states[i], arguments[i], row);
        }
    }

    /** The row with its aggregates' values after its columns. */
    private Object[] withResults(Object[] row, Aggregate.State[] states) {
        Object[] result = java.util.Arrays.copyOf(row, row.length + states.length);
        for (int i = 0; i < states.length; i++) {
            result[row.length + i] = aggregates.get(i).result(states[i]);
        }
        return result;
    }
}
