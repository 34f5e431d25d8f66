package dev.tidemark.runtime.operators.window;

import dev.tidemark.runtime.checkpoint.SnapshotReader;
import dev.tidemark.runtime.checkpoint.SnapshotWriter;
import dev.tidemark.runtime.operators.DelegatingOperator;
import dev.tidemark.runtime.operators.OperatorContext;
import dev.tidemark.runtime.operators.StreamOperator;
import dev.tidemark.windowing.windows.TimeWindow;
import java.util.List;

/**
 * Sliding windows of a reduce whose aggregate on panes merges exactly for some elements only
 * ({@link ReduceOnPanes}: the field aggregations {@code sum}, {@code min} and {@code max}, exact on
 * integers, not on a floating-point sum). They share panes ({@link PanedWindowOperator}) while every
 * element allows it; at the first element that does not, the panes are handed over, as a snapshot,
 * to accumulators per window ({@link AlignedWindowOperator} with the reduce, which turns panes into
 * windows as a restore does), and the operator keeps those from then on. The hand-over is exact
 * since every element before it merged exactly.
 *
 * <p>A restore picks by what the snapshot holds: panes or nothing go back to panes, accumulators per
 * window stay per window. Elements are numbered as they arrive, and the next number is in the
 * snapshot, so that merges keep the earlier element's fields after a restore too.
 *
 * <p>Threading: the owning task's thread only.
 */
public final class PanesWhileExactOperator<K, IN, OUT> extends DelegatingOperator implements StreamOperator<IN> {

    /** The next arrival number, as a union list: every instance restores the largest. */
    static final String ARRIVALS = "_window/arrivals";

    private final WindowOperatorSpec<K, IN, OUT, TimeWindow> spec; // with the reduce, as windows keep it
    private final OperatorContext<OUT> context;
    private final ReduceOnPanes.Aggregate<IN> aggregate; // as panes keep it
    private PanedWindowOperator<K, IN, ?, OUT> panes; // null once handed over
    private StreamOperator<IN> windows; // the panes, or the windows they were handed over to
    private long arrivals;

    public PanesWhileExactOperator(WindowOperatorSpec<K, IN, OUT, TimeWindow> spec, OperatorContext<OUT> context) {
        this.aggregate = spec.reduce() instanceof ReduceOnPanes<IN> onPanes ? onPanes.onPanes() : null;
        if (aggregate == null) {
            throw new IllegalArgumentException("panes while exact need a reduce that can run on panes: " + spec.name());
        }
        if (!WindowFunctions.isPassThrough(spec.function())) { // each operator in turn would open it, with its own state
            throw new IllegalArgumentException("panes while exact emit the reduced element itself: " + spec.name());
        }
        this.spec = spec;
        this.context = context;
        this.panes = new PanedWindowOperator<>(spec.aggregating(aggregate), context);
        this.windows = panes;
    }

    @Override
    protected StreamOperator<?> delegate() {
        return windows;
    }

    @Override
    public void initializeState(SnapshotReader state) throws Exception {
        List<Long> restored = state.union(ARRIVALS);
        arrivals = restored.stream().mapToLong(Long::longValue).max().orElse(0);
        if (!panes.initializeUnlessWindows(state)) {
            panes = null; // a snapshot taken after a hand-over, or by a program without panes
            windows = new AlignedWindowOperator<>(spec, context);
            windows.initializeState(state);
        }
    }

    @Override
    public void processElement(IN value, long timestamp) throws Exception {
        if (panes != null) {
            if (aggregate.mergesExactlyWith(value)) {
                aggregate.arrives(arrivals++); // only panes read it: which pane's first element came first
            } else {
                handOver();
            }
        }
        windows.processElement(value, timestamp);
    }

    /** Hands the panes over to accumulators per window, which take every element from now on. */
    private void handOver() throws Exception {
        SnapshotWriter state = new SnapshotWriter("hand-over", context.operatorName(), context.subtaskIndex(),
                context.parallelism(), -1, 0);
        panes.snapshotState(state);
        AlignedWindowOperator<K, IN, OUT> perWindow = new AlignedWindowOperator<>(spec, context);
        perWindow.initializeState(SnapshotReader.handOver(state.build(), context.operatorName(),
                context.config().getMaxParallelism()));
        perWindow.open();
        panes.close();
        panes = null;
        windows = perWindow;
    }

    @Override
    public void snapshotState(SnapshotWriter state) throws Exception {
        windows.snapshotState(state);
        state.union(ARRIVALS, List.of(arrivals));
    }
}
