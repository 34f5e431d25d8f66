package dev.tidemark.runtime.operators.window;

import dev.tidemark.runtime.checkpoint.SnapshotReader;
import dev.tidemark.runtime.operators.DelegatingOperator;
import dev.tidemark.runtime.operators.OperatorContext;
import dev.tidemark.runtime.operators.StreamOperator;
import dev.tidemark.windowing.windows.TimeWindow;

/**
 * Sliding windows that share panes because their aggregate merges exactly, not because the user
 * asked ({@code sharePanes()}): a snapshot that holds accumulators per window (taken by a build or a
 * program that kept them so) cannot be split into panes, so it restores into the operator that keeps
 * them, {@link AlignedWindowOperator}, which goes on with them. Results are the same either way.
 *
 * <p>Threading: the owning task's thread only.
 */
public final class PanesUnlessRestoredWindows<K, IN, OUT> extends DelegatingOperator implements StreamOperator<IN> {

    private final WindowOperatorSpec<K, IN, OUT, TimeWindow> spec;
    private final OperatorContext<OUT> context;
    private final PanedWindowOperator<K, IN, ?, OUT> panes;
    private StreamOperator<IN> windows;

    public PanesUnlessRestoredWindows(WindowOperatorSpec<K, IN, OUT, TimeWindow> spec, OperatorContext<OUT> context) {
        this.spec = spec;
        this.context = context;
        this.panes = new PanedWindowOperator<>(spec, context);
        this.windows = panes;
    }

    @Override
    protected StreamOperator<?> delegate() {
        return windows;
    }

    @Override
    public void initializeState(SnapshotReader state) throws Exception {
        if (!panes.initializeUnlessWindows(state)) {
            windows = new AlignedWindowOperator<>(spec, context);
            windows.initializeState(state);
        }
    }

    @Override
    public void processElement(IN value, long timestamp) throws Exception {
        windows.processElement(value, timestamp);
    }
}
