package dev.tidemark.runtime.flink;

import dev.tidemark.checkpoint.CheckpointedFunction;
import dev.tidemark.checkpoint.FunctionInitializationContext;
import dev.tidemark.checkpoint.FunctionSnapshotContext;
import dev.tidemark.checkpoint.OperatorStateStore;
import dev.tidemark.state.ListState;
import dev.tidemark.state.ListStateDescriptor;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one instance of a checkpointed Tidemark source keeps in its Flink split: the function's
 * operator state as of the checkpoint, and what it had emitted by then that Flink had not yet
 * taken, which a restored reader hands on first. Together they are the exact position of the
 * instance, so a restored source neither repeats nor loses an element.
 *
 * <p>Union list state is kept per instance, like list state: each restored instance gets its own.
 */
final class SourceState implements OperatorStateStore {

    private static final dev.tidemark.api.typeinfo.TypeSerializer<Object> FORMAT = TidemarkSerializer.FORMAT;

    /** The saved form. */
    private record Saved(Map<String, List<Object>> lists, List<Object> pending, boolean ended) implements Serializable {}

    private final Map<String, List<Object>> lists;
    private final List<Object> pending;
    private final boolean restored;
    private final boolean ended;

    private SourceState(Map<String, List<Object>> lists, List<Object> pending, boolean restored, boolean ended) {
        this.lists = lists;
        this.pending = pending;
        this.restored = restored;
        this.ended = ended;
    }

    /** The state in {@code bytes}, or an empty, unrestored one for {@code null}. */
    static SourceState of(byte[] bytes) {
        if (bytes == null) {
            return new SourceState(new LinkedHashMap<>(), List.of(), false, false);
        }
        Saved saved = (Saved) FORMAT.deserialize(bytes);
        return new SourceState(new LinkedHashMap<>(saved.lists()), saved.pending(), true, saved.ended());
    }

    /** The bytes of {@code function}'s state now, with {@code pending} not yet taken by Flink. */
    static byte[] save(Object function, long checkpointId, List<Object> pending, boolean ended, SourceState store)
            throws Exception {
        if (function instanceof CheckpointedFunction checkpointed && !ended) {
            checkpointed.snapshotState(new FunctionSnapshotContext() {
                @Override
                public long getCheckpointId() {
                    return checkpointId;
                }

                @Override
                public long getCheckpointTimestamp() {
                    return System.currentTimeMillis();
                }
            });
        }
        Map<String, List<Object>> copy = new LinkedHashMap<>();
        store.lists.forEach((name, values) -> copy.put(name, new ArrayList<>(values)));
        return FORMAT.serialize(new Saved(copy, new ArrayList<>(pending), ended));
    }

    /** Gives {@code function} its state, if it is checkpointed. */
    void initialize(Object function) throws Exception {
        if (function instanceof CheckpointedFunction checkpointed) {
            checkpointed.initializeState(new FunctionInitializationContext() {
                @Override
                public boolean isRestored() {
                    return restored;
                }

                @Override
                public OperatorStateStore getOperatorStateStore() {
                    return SourceState.this;
                }
            });
        }
    }

    /** What the instance had emitted and Flink not yet taken at the checkpoint, in order. */
    List<Object> pending() {
        return pending;
    }

    /** Whether the function had already ended at the checkpoint: only {@link #pending} is left. */
    boolean ended() {
        return ended;
    }

    @Override
    public <T> ListState<T> getListState(ListStateDescriptor<T> descriptor) {
        List<Object> values = lists.computeIfAbsent(descriptor.getName(), name -> new ArrayList<>());
        return new ListState<>() {
            @Override
            @SuppressWarnings("unchecked")
            public Iterable<T> get() {
                return (List<T>) List.copyOf(values);
            }

            @Override
            public void add(T value) {
                values.add(value);
            }

            @Override
            public void addAll(List<T> more) {
                values.addAll(more);
            }

            @Override
            public void update(List<T> replacement) {
                values.clear();
                values.addAll(replacement);
            }

            @Override
            public void clear() {
                values.clear();
            }
        };
    }

    @Override
    public <T> ListState<T> getUnionListState(ListStateDescriptor<T> descriptor) {
        return getListState(descriptor);
    }
}
