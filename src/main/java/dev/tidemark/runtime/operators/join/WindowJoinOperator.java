package dev.tidemark.runtime.operators.join;

import dev.tidemark.runtime.operators.DelegatingOperator;
import dev.tidemark.runtime.operators.OperatorContext;
import dev.tidemark.runtime.operators.StreamOperator;
import dev.tidemark.runtime.operators.TwoInputStreamOperator;
import dev.tidemark.runtime.operators.window.AlignedWindowOperator;
import dev.tidemark.runtime.operators.window.SessionWindowOperator;
import dev.tidemark.runtime.operators.window.WindowOperatorSpec;
import dev.tidemark.windowing.assigners.SessionWindows;
import dev.tidemark.windowing.windows.TimeWindow;

/**
 * A window join or coGroup whose windows ignore the elements themselves (tumbling, sliding or
 * fixed-gap session windows in event time, with the default trigger and no evictor): both inputs go
 * straight into one of the fast window operators, which keeps each key's window as a
 * {@link CoGroupBuffers}, with the element's side set in a {@link CurrentSide} instead of a tag
 * object per element. Results, snapshots and rescaling are the window operator's.
 */
public final class WindowJoinOperator<K, T1, T2, OUT> extends DelegatingOperator
        implements TwoInputStreamOperator<T1, T2> {

    private final CurrentSide side;
    private final StreamOperator<Object> windows;

    public WindowJoinOperator(SidedWindows<K, OUT> sided, OperatorContext<OUT> context) {
        WindowOperatorSpec<K, Object, OUT, TimeWindow> spec = sided.spec();
        if (!applies(spec)) {
            throw new IllegalArgumentException("a join straight into window tables needs windows that ignore the"
                    + " elements: " + spec.name());
        }
        this.side = sided.side();
        this.windows = SessionWindowOperator.applies(spec) ? new SessionWindowOperator<>(spec, context)
                : new AlignedWindowOperator<>(spec, context, true); // its aggregate reads the side as elements arrive
    }

    /** Whether the windows of {@code spec} can take untagged elements: they never look at one. */
    public static boolean applies(WindowOperatorSpec<?, ?, ?, ?> spec) {
        if (spec.assigner() instanceof SessionWindows<?> sessions) {
            return !sessions.hasDynamicGap() && SessionWindowOperator.applies(spec);
        }
        return AlignedWindowOperator.applies(spec);
    }

    @Override
    protected StreamOperator<?> delegate() {
        return windows;
    }

    @Override
    public void processElement1(T1 value, long timestamp) throws Exception {
        side.set(true);
        windows.processElement(value, timestamp);
    }

    @Override
    public void processElement2(T2 value, long timestamp) throws Exception {
        side.set(false);
        windows.processElement(value, timestamp);
    }
}
