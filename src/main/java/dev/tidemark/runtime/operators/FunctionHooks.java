package dev.tidemark.runtime.operators;

import dev.tidemark.api.functions.RichFunction;
import dev.tidemark.api.functions.RuntimeContext;
import dev.tidemark.runtime.checkpoint.FunctionState;
import dev.tidemark.runtime.checkpoint.SnapshotReader;
import dev.tidemark.runtime.checkpoint.SnapshotWriter;
import java.util.function.Supplier;

/**
 * The lifecycle of an operator's user function ({@link RichFunction} open and close) and its
 * checkpoint hooks, with the operator's keyed state and timers if it is keyed: what
 * {@link ForwardingOperator} and the two-input operators delegate to.
 *
 * <p>Threading: the owning task's thread only.
 */
final class FunctionHooks implements CheckpointedOperator {

    private final Object function;
    private final Supplier<KeyedSupport<?, ?>> keyed;
    private FunctionState functionState;

    /** @param keyed the operator's keyed support, or a supplier of {@code null} for a non-keyed operator */
    FunctionHooks(Object function, Supplier<KeyedSupport<?, ?>> keyed) {
        this.function = function;
        this.keyed = keyed;
    }

    @Override
    public void initializeState(SnapshotReader state) throws Exception {
        functionState = FunctionState.initialize(function, state);
        if (keyed.get() != null) {
            keyed.get().initializeState(state);
        }
    }

    @Override
    public void snapshotState(SnapshotWriter state) throws Exception {
        functionState().snapshot(state);
        if (keyed.get() != null) {
            keyed.get().snapshotState(state);
        }
    }

    @Override
    public void notifyCheckpointComplete(long checkpointId) throws Exception {
        functionState().notifyCheckpointComplete(checkpointId);
    }

    /** Opens a {@link RichFunction}. */
    void open(RuntimeContext context) throws Exception {
        if (function instanceof RichFunction rich) {
            rich.open(context);
        }
    }

    /** Closes a {@link RichFunction}. */
    void close() throws Exception {
        if (function instanceof RichFunction rich) {
            rich.close();
        }
    }

    private FunctionState functionState() throws Exception {
        if (functionState == null) { // an operator created outside a job (a unit test) was never initialized
            functionState = FunctionState.initialize(function, SnapshotReader.fresh());
        }
        return functionState;
    }
}
