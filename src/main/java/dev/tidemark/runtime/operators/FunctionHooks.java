package dev.tidemark.runtime.operators;

import dev.tidemark.runtime.checkpoint.FunctionState;
import dev.tidemark.runtime.checkpoint.SnapshotReader;
import dev.tidemark.runtime.checkpoint.SnapshotWriter;
import java.util.function.Supplier;

/**
 * The checkpoint hooks of an operator with a user function and, if keyed, its keyed state and
 * timers: what {@link ForwardingOperator} and the two-input operators delegate to.
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

    private FunctionState functionState() throws Exception {
        if (functionState == null) { // an operator created outside a job (a unit test) was never initialized
            functionState = FunctionState.initialize(function, SnapshotReader.fresh());
        }
        return functionState;
    }
}
