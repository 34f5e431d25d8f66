package dev.tidemark.runtime.state;

import dev.tidemark.state.AggregatingState;
import dev.tidemark.state.AggregatingStateDescriptor;
import dev.tidemark.state.KeyedStateStore;
import dev.tidemark.state.ListState;
import dev.tidemark.state.ListStateDescriptor;
import dev.tidemark.state.MapState;
import dev.tidemark.state.MapStateDescriptor;
import dev.tidemark.state.ReducingState;
import dev.tidemark.state.ReducingStateDescriptor;
import dev.tidemark.state.State;
import dev.tidemark.state.StateDescriptor;
import dev.tidemark.state.ValueState;
import dev.tidemark.state.ValueStateDescriptor;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * Keyed state scoped to the backend's current key and to this store's current namespace: the
 * plain keyed state of a function (namespace {@link VoidNamespace}) or the per-window state of a
 * window function or trigger (namespace = the window, set before each call). State objects are
 * created once per name and read the namespace at every access, so nothing is allocated per access.
 *
 * <p>Threading: the owning task's thread only.
 *
 * @param <K> key type
 * @param <N> namespace type
 */
public final class NamespacedStateStore<K, N> implements KeyedStateStore {

    private final HeapKeyedStateBackend<K> backend;
    private final String tablePrefix;
    private final Map<String, State> states = new HashMap<>();
    private N namespace;

    public NamespacedStateStore(HeapKeyedStateBackend<K> backend, N namespace) {
        this(backend, namespace, "");
    }

    /**
     * @param tablePrefix prefixed to every state name in the backend, so stores of different owners
     *     (a trigger, a window function) cannot collide on a name
     */
    public NamespacedStateStore(HeapKeyedStateBackend<K> backend, N namespace, String tablePrefix) {
        this.backend = backend;
        this.namespace = namespace;
        this.tablePrefix = tablePrefix;
    }

    HeapKeyedStateBackend<K> backend() {
        return backend;
    }

    N namespace() {
        return namespace;
    }

    /** Scopes every state of this store to {@code namespace} from now on. */
    public void setNamespace(N namespace) {
        this.namespace = namespace;
    }

    @Override
    public <T> ValueState<T> getState(ValueStateDescriptor<T> d) {
        return get(d, ValueState.class, n -> checked(new HeapStates.Value<>(this, n, d.getTtlConfig()), d,
                v -> isA(d.getType(), v), named(d.getType())));
    }

    @Override
    public <T> ListState<T> getListState(ListStateDescriptor<T> d) {
        return get(d, ListState.class, n -> checked(new HeapStates.ListImpl<>(this, n, d.getTtlConfig()), d,
                v -> v instanceof java.util.List<?> list && list.stream().allMatch(e -> isA(d.getElementType(), e)),
                "List<" + named(d.getElementType()) + ">"));
    }

    @Override
    public <UK, UV> MapState<UK, UV> getMapState(MapStateDescriptor<UK, UV> d) {
        return get(d, MapState.class, n -> checked(new HeapStates.MapImpl<>(this, n, d.getTtlConfig()), d,
                v -> v instanceof java.util.Map<?, ?> map && map.entrySet().stream()
                        .allMatch(e -> isA(d.getKeyType(), e.getKey()) && isA(d.getValueType(), e.getValue())),
                "Map<" + named(d.getKeyType()) + ", " + named(d.getValueType()) + ">"));
    }

    @Override
    public <T> ReducingState<T> getReducingState(ReducingStateDescriptor<T> d) {
        return get(d, ReducingState.class, n -> checked(
                new HeapStates.Reducing<>(this, n, d.getTtlConfig(), d.getReduceFunction()), d,
                v -> isA(d.getType(), v), named(d.getType())));
    }

    @Override
    public <IN, ACC, OUT> AggregatingState<IN, OUT> getAggregatingState(AggregatingStateDescriptor<IN, ACC, OUT> d) {
        return get(d, AggregatingState.class, n -> checked(
                new HeapStates.Aggregating<>(this, n, d.getTtlConfig(), d.getAggregateFunction()), d,
                v -> isA(d.getAccumulatorType(), v), named(d.getAccumulatorType())));
    }

    /** {@code state}, once its restored values are checked against what {@code descriptor} declares. */
    private static <S extends HeapState<?, ?, ?>> S checked(S state, StateDescriptor<?> descriptor,
            java.util.function.Predicate<Object> matches, String declared) {
        state.checkRestored(descriptor.getName(), matches, declared);
        return state;
    }

    private static boolean isA(Class<?> type, Object value) {
        return type == null || value == null || box(type).isInstance(value);
    }

    private static Class<?> box(Class<?> type) {
        return type.isPrimitive() ? java.lang.invoke.MethodType.methodType(type).wrap().returnType() : type;
    }

    private static String named(Class<?> type) {
        return type == null ? "?" : type.getName();
    }

    /** The state {@code descriptor} describes, whatever its kind. */
    @SuppressWarnings("unchecked")
    public <S extends State> S getPartitionedState(StateDescriptor<S> descriptor) {
        Object state;
        if (descriptor instanceof ValueStateDescriptor<?> d) {
            state = getState(d);
        } else if (descriptor instanceof ListStateDescriptor<?> d) {
            state = getListState(d);
        } else if (descriptor instanceof MapStateDescriptor<?, ?> d) {
            state = getMapState(d);
        } else if (descriptor instanceof ReducingStateDescriptor<?> d) {
            state = getReducingState(d);
        } else {
            state = getAggregatingState((AggregatingStateDescriptor<?, ?, ?>) descriptor);
        }
        return (S) state;
    }

    /**
     * Folds the values of {@code descriptor}'s state in the {@code sources} namespaces into
     * {@code target} (for merging windows).
     *
     * @throws UnsupportedOperationException for value and map state, which cannot be merged
     */
    @SuppressWarnings("unchecked")
    public void mergeNamespaces(StateDescriptor<?> descriptor, N target, java.util.Collection<N> sources) throws Exception {
        State state = getPartitionedState(descriptor);
        if (!(state instanceof HeapStates.Mergeable<?> mergeable)) {
            throw new UnsupportedOperationException("state must be reducing, aggregating or list state to merge: name="
                    + descriptor.getName() + ", operator=" + backend.operatorName());
        }
        ((HeapStates.Mergeable<N>) mergeable).mergeNamespaces(target, sources);
    }

    @SuppressWarnings("unchecked")
    private <S extends State> S get(StateDescriptor<?> descriptor, Class<?> kind, Function<String, S> create) {
        String name = descriptor.getName();
        State state = states.get(name);
        if (state == null) {
            state = create.apply(tablePrefix + name);
            states.put(name, state);
        } else if (!kind.isInstance(state)) {
            throw new IllegalStateException("state name must be used for one kind of state: name=" + name
                    + ", requested=" + kind.getSimpleName() + ", operator=" + backend.operatorName());
        }
        return (S) state;
    }
}
