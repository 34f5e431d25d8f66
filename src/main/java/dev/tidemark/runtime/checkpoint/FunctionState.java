package dev.tidemark.runtime.checkpoint;

import dev.tidemark.checkpoint.CheckpointListener;
import dev.tidemark.checkpoint.CheckpointedFunction;
import dev.tidemark.checkpoint.FunctionInitializationContext;
import dev.tidemark.checkpoint.OperatorStateStore;
import dev.tidemark.state.ListState;
import dev.tidemark.state.ListStateDescriptor;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The checkpoint hooks of one user function: if it is a {@link CheckpointedFunction}, its operator
 * state lists (restored from, and written to, the operator's snapshot under {@code "fn/"} names); if
 * it is a {@link CheckpointListener}, its notifications. Any other function makes every call a no-op.
 *
 * <p>Threading: the thread that calls the function.
 */
public final class FunctionState implements OperatorStateStore, FunctionInitializationContext {

    private static final String PREFIX = "fn/";

    private final Object function;
    private final SnapshotReader restored;
    private final Map<String, OperatorList<?>> lists = new LinkedHashMap<>();
    private final Map<String, OperatorList<?>> unions = new LinkedHashMap<>();

    private FunctionState(Object function, SnapshotReader restored) {
        this.function = function;
        this.restored = restored;
    }

    /** Restores {@code function}'s state (if it has any) from {@code restored}. */
    public static FunctionState initialize(Object function, SnapshotReader restored) throws Exception {
        FunctionState state = new FunctionState(function, restored);
        if (function instanceof CheckpointedFunction checkpointed) {
            checkpointed.initializeState(state);
        }
        return state;
    }

    /** Asks the function to update its lists, then writes them. */
    public void snapshot(SnapshotWriter out) throws Exception {
        if (!(function instanceof CheckpointedFunction checkpointed)) {
            return;
        }
        checkpointed.snapshotState(out);
        lists.forEach((name, list) -> out.list(PREFIX + name, list.values));
        unions.forEach((name, list) -> out.union(PREFIX + name, list.values));
    }

    /** Tells a {@link CheckpointListener} function that {@code checkpointId} completed. */
    public void notifyCheckpointComplete(long checkpointId) throws Exception {
        if (function instanceof CheckpointListener listener) {
            listener.notifyCheckpointComplete(checkpointId);
        }
    }

    @Override
    public boolean isRestored() {
        return restored.isRestored();
    }

    @Override
    public OperatorStateStore getOperatorStateStore() {
        return this;
    }

    @Override
    public <T> ListState<T> getListState(ListStateDescriptor<T> descriptor) {
        return list(descriptor, lists, unions, false);
    }

    @Override
    public <T> ListState<T> getUnionListState(ListStateDescriptor<T> descriptor) {
        return list(descriptor, unions, lists, true);
    }

    @SuppressWarnings("unchecked")
    private <T> ListState<T> list(ListStateDescriptor<T> descriptor, Map<String, OperatorList<?>> kind,
            Map<String, OperatorList<?>> otherKind, boolean union) {
        String name = descriptor.getName();
        if (otherKind.containsKey(name)) {
            throw new IllegalStateException("operator state name must be used for one kind of list: name=" + name
                    + "; it is already a " + (union ? "split" : "union") + " list");
        }
        return (ListState<T>) kind.computeIfAbsent(name, n -> new OperatorList<>(
                union ? restored.<T>union(PREFIX + n) : restored.<T>list(PREFIX + n)));
    }

    /** A list of operator state: a plain list, as it belongs to one function instance. */
    private static final class OperatorList<T> implements ListState<T> {
        private final List<T> values;

        OperatorList(List<T> restored) {
            this.values = new ArrayList<>(restored);
        }

        @Override
        public Iterable<T> get() {
            return List.copyOf(values);
        }

        @Override
        public void add(T value) {
            values.add(Objects.requireNonNull(value, "list state value must not be null"));
        }

        @Override
        public void addAll(List<T> more) {
            more.forEach(this::add);
        }

        @Override
        public void update(List<T> replacement) {
            values.clear();
            addAll(replacement);
        }

        @Override
        public void clear() {
            values.clear();
        }
    }
}
