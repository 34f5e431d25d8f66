package dev.tidemark.runtime.operators;

import dev.tidemark.eventtime.Watermark;
import dev.tidemark.runtime.checkpoint.SnapshotReader;
import dev.tidemark.runtime.checkpoint.SnapshotWriter;

/**
 * The lifecycle, watermark and checkpoint calls of an operator that hands its elements to another
 * ({@link #delegate()}), which may change over the operator's life; a subclass adds how elements
 * reach it and whatever state of its own it snapshots.
 *
 * <p>Threading: the owning task's thread only.
 */
public abstract class DelegatingOperator implements CheckpointedOperator {

    /** The operator every call goes to now. */
    protected abstract StreamOperator<?> delegate();

    public void open() throws Exception {
        delegate().open();
    }

    public void processWatermark(Watermark watermark) throws Exception {
        delegate().processWatermark(watermark);
    }

    public void processWatermarkStatus(WatermarkStatus status) throws Exception {
        delegate().processWatermarkStatus(status);
    }

    public void endInput() throws Exception {
        delegate().endInput();
    }

    public void close() throws Exception {
        delegate().close();
    }

    @Override
    public boolean hasKeyedState() {
        return delegate().hasKeyedState();
    }

    @Override
    public KeyedStateCounts keyedStateCounts() {
        return delegate().keyedStateCounts();
    }

    @Override
    public void initializeState(SnapshotReader state) throws Exception {
        delegate().initializeState(state);
    }

    @Override
    public void snapshotState(SnapshotWriter state) throws Exception {
        delegate().snapshotState(state);
    }

    @Override
    public void notifyCheckpointComplete(long checkpointId) throws Exception {
        delegate().notifyCheckpointComplete(checkpointId);
    }
}
