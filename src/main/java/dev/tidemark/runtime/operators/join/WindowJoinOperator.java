package dev.tidemark.runtime.operators.join;

import dev.tidemark.eventtime.Watermark;
import dev.tidemark.runtime.checkpoint.SnapshotReader;
import dev.tidemark.runtime.checkpoint.SnapshotWriter;
import dev.tidemark.runtime.operators.KeyedStateCounts;
import dev.tidemark.runtime.operators.OperatorContext;
import dev.tidemark.runtime.operators.StreamOperator;
import dev.tidemark.runtime.operators.TwoInputStreamOperator;
import dev.tidemark.runtime.operators.WatermarkStatus;
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
public final class WindowJoinOperator<K, T1, T2, OUT> implements TwoInputStreamOperator<T1, T2> {

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
    public void open() throws Exception {
        windows.open();
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

    @Override
    public void processWatermark(Watermark watermark) throws Exception {
        windows.processWatermark(watermark);
    }

    @Override
    public void processWatermarkStatus(WatermarkStatus status) throws Exception {
        windows.processWatermarkStatus(status);
    }

    @Override
    public void endInput() throws Exception {
        windows.endInput();
    }

    @Override
    public void close() throws Exception {
        windows.close();
    }

    @Override
    public boolean hasKeyedState() {
        return windows.hasKeyedState();
    }

    @Override
    public KeyedStateCounts keyedStateCounts() {
        return windows.keyedStateCounts();
    }

    @Override
    public void initializeState(SnapshotReader state) throws Exception {
        windows.initializeState(state);
    }

    @Override
    public void snapshotState(SnapshotWriter state) throws Exception {
        windows.snapshotState(state);
    }

    @Override
    public void notifyCheckpointComplete(long checkpointId) throws Exception {
        windows.notifyCheckpointComplete(checkpointId);
    }
}
