package dev.tidemark.runtime.operators;

import dev.tidemark.api.functions.RichFunction;
import dev.tidemark.api.functions.RuntimeContext;
import dev.tidemark.eventtime.Watermark;
import dev.tidemark.runtime.checkpoint.SnapshotReader;
import dev.tidemark.runtime.checkpoint.SnapshotWriter;

/**
 * The common shape of single-output operators: watermarks and status pass through unchanged, and a
 * user function's {@link RichFunction} hooks run at open and close, and its checkpoint hooks
 * ({@link dev.tidemark.checkpoint.CheckpointedFunction}, {@link dev.tidemark.checkpoint.CheckpointListener})
 * at restore, snapshot and completion.
 *
 * @param <IN> input type
 * @param <OUT> output type
 */
public abstract class ForwardingOperator<IN, OUT> implements StreamOperator<IN> {

    protected final OperatorContext<OUT> context;
    protected final Output<OUT> output;
    private final FunctionHooks hooks;
    /** The last watermark this operator forwarded; {@code Long.MIN_VALUE} before the first. */
    protected long currentWatermark = Long.MIN_VALUE;

    /**
     * @param context the operator's context
     * @param userFunction the user function, whose {@link RichFunction} hooks run if it has them
     */
    protected ForwardingOperator(OperatorContext<OUT> context, Object userFunction) {
        this.context = context;
        this.output = context.output();
        this.hooks = new FunctionHooks(userFunction, this::keyedSupport);
    }

    @Override
    public void initializeState(SnapshotReader state) throws Exception {
        hooks.initializeState(state);
    }

    /** The keyed state and timers of a keyed operator, snapshotted with the function's state; {@code null} if none. */
    protected KeyedSupport<?, ?> keyedSupport() {
        return null;
    }

    @Override
    public final boolean hasKeyedState() {
        return keyedSupport() != null;
    }

    @Override
    public KeyedStateCounts keyedStateCounts() {
        return keyedSupport();
    }

    @Override
    public void snapshotState(SnapshotWriter state) throws Exception {
        hooks.snapshotState(state);
    }

    @Override
    public void notifyCheckpointComplete(long checkpointId) throws Exception {
        hooks.notifyCheckpointComplete(checkpointId);
    }

    @Override
    public void open() throws Exception {
        hooks.open(runtimeContext());
    }

    /** The context handed to the user function's {@code open}: with keyed state if the operator is keyed. */
    protected RuntimeContext runtimeContext() {
        KeyedSupport<?, ?> keyed = keyedSupport();
        return keyed != null ? keyed.runtimeContext() : context.runtimeContext();
    }

    @Override
    public void processWatermark(Watermark watermark) throws Exception {
        forwardWatermark(watermark);
    }

    /** Records {@code watermark} as current and passes it downstream. */
    protected final void forwardWatermark(Watermark watermark) {
        currentWatermark = watermark.timestamp();
        output.emitWatermark(watermark);
    }

    @Override
    public void processWatermarkStatus(WatermarkStatus status) throws Exception {
        output.emitWatermarkStatus(status);
    }

    @Override
    public void endInput() throws Exception {}

    @Override
    public void close() throws Exception {
        hooks.close();
    }
}
