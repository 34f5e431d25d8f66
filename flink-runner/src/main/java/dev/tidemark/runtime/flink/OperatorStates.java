package dev.tidemark.runtime.flink;

import dev.tidemark.checkpoint.CheckpointListener;
import dev.tidemark.checkpoint.CheckpointedFunction;
import dev.tidemark.checkpoint.FunctionInitializationContext;
import dev.tidemark.checkpoint.FunctionSnapshotContext;
import dev.tidemark.checkpoint.OperatorStateStore;
import dev.tidemark.state.ListState;
import dev.tidemark.state.ListStateDescriptor;

/**
 * A Tidemark {@link CheckpointedFunction} and {@link CheckpointListener} in a Flink operator: its
 * operator state in Flink's operator state (lists, and union lists, by name), its snapshots and
 * checkpoint notifications at Flink's checkpoints. So a two-phase-commit sink (the file sink, the
 * exactly-once Kafka sink) commits with Flink's checkpoints.
 */
final class OperatorStates {

    private OperatorStates() {}

    /** Restores {@code function}'s operator state from Flink's, if it keeps any. */
    static void initialize(Object function, org.apache.flink.runtime.state.FunctionInitializationContext flink)
            throws Exception {
        if (!(function instanceof CheckpointedFunction checkpointed)) {
            return;
        }
        OperatorStateStore store = new OperatorStateStore() {
            @Override
            public <T> ListState<T> getListState(ListStateDescriptor<T> descriptor) {
                return FlinkStates.list(FlinkStates.call(() -> flink.getOperatorStateStore().getListState(
                        new org.apache.flink.api.common.state.ListStateDescriptor<>(descriptor.getName(),
                                FlinkTypes.<T>of(descriptor.getElementType())))));
            }

            @Override
            public <T> ListState<T> getUnionListState(ListStateDescriptor<T> descriptor) {
                return FlinkStates.list(FlinkStates.call(() -> flink.getOperatorStateStore().getUnionListState(
                        new org.apache.flink.api.common.state.ListStateDescriptor<>(descriptor.getName(),
                                FlinkTypes.<T>of(descriptor.getElementType())))));
            }
        };
        checkpointed.initializeState(new FunctionInitializationContext() {
            @Override
            public boolean isRestored() {
                return flink.isRestored();
            }

            @Override
            public OperatorStateStore getOperatorStateStore() {
                return store;
            }
        });
    }

    /** Lets {@code function} write its operator state for Flink's checkpoint. */
    static void snapshot(Object function, org.apache.flink.runtime.state.FunctionSnapshotContext flink) throws Exception {
        if (function instanceof CheckpointedFunction checkpointed) {
            checkpointed.snapshotState(new FunctionSnapshotContext() {
                @Override
                public long getCheckpointId() {
                    return flink.getCheckpointId();
                }

                @Override
                public long getCheckpointTimestamp() {
                    return flink.getCheckpointTimestamp();
                }
            });
        }
    }

    /** Tells {@code function} that checkpoint {@code id} completed. */
    static void completed(Object function, long id) throws Exception {
        if (function instanceof CheckpointListener listener) {
            listener.notifyCheckpointComplete(id);
        }
    }
}
