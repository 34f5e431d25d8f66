package dev.tidemark.runtime.flink;

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
import dev.tidemark.state.StateTtlConfig;
import dev.tidemark.state.ValueState;
import dev.tidemark.state.ValueStateDescriptor;
import java.util.List;
import java.util.Map;

/**
 * Tidemark's keyed state on Flink's: each Tidemark descriptor becomes the Flink descriptor of the
 * same name and kind, and each Flink state is seen through the Tidemark interface. Event-time TTL,
 * which Flink does not have, is refused when the state is first asked for, naming the state and
 * the operator.
 */
final class FlinkStates {

    private FlinkStates() {}

    /** Flink's state for a Flink descriptor: a runtime context's, a window's, a trigger's. */
    @FunctionalInterface
    interface Access {
        Object state(org.apache.flink.api.common.state.StateDescriptor<?, ?> descriptor);
    }

    /** The state a Flink runtime context keeps under each descriptor. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static Access of(org.apache.flink.api.common.functions.RuntimeContext flink) {
        return d -> {
            if (d instanceof org.apache.flink.api.common.state.ValueStateDescriptor v) {
                return flink.getState(v);
            }
            if (d instanceof org.apache.flink.api.common.state.ListStateDescriptor l) {
                return flink.getListState(l);
            }
            if (d instanceof org.apache.flink.api.common.state.MapStateDescriptor m) {
                return flink.getMapState(m);
            }
            if (d instanceof org.apache.flink.api.common.state.ReducingStateDescriptor r) {
                return flink.getReducingState(r);
            }
            return flink.getAggregatingState((org.apache.flink.api.common.state.AggregatingStateDescriptor) d);
        };
    }

    /** The state a Flink window function's state store keeps under each descriptor. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static Access of(org.apache.flink.api.common.state.KeyedStateStore flink) {
        return d -> {
            if (d instanceof org.apache.flink.api.common.state.ValueStateDescriptor v) {
                return flink.getState(v);
            }
            if (d instanceof org.apache.flink.api.common.state.ListStateDescriptor l) {
                return flink.getListState(l);
            }
            if (d instanceof org.apache.flink.api.common.state.MapStateDescriptor m) {
                return flink.getMapState(m);
            }
            if (d instanceof org.apache.flink.api.common.state.ReducingStateDescriptor r) {
                return flink.getReducingState(r);
            }
            return flink.getAggregatingState((org.apache.flink.api.common.state.AggregatingStateDescriptor) d);
        };
    }

    /** Tidemark's {@link KeyedStateStore} over {@code access}, for the function of {@code operator}. */
    static KeyedStateStore store(Access access, String operator) {
        return new KeyedStateStore() {
            @Override
            public <T> ValueState<T> getState(ValueStateDescriptor<T> descriptor) {
                return get(descriptor);
            }

            @Override
            public <T> ListState<T> getListState(ListStateDescriptor<T> descriptor) {
                return get(descriptor);
            }

            @Override
            public <K, V> MapState<K, V> getMapState(MapStateDescriptor<K, V> descriptor) {
                return get(descriptor);
            }

            @Override
            public <T> ReducingState<T> getReducingState(ReducingStateDescriptor<T> descriptor) {
                return get(descriptor);
            }

            @Override
            public <IN, ACC, OUT> AggregatingState<IN, OUT> getAggregatingState(
                    AggregatingStateDescriptor<IN, ACC, OUT> descriptor) {
                return get(descriptor);
            }

            private <S extends State> S get(StateDescriptor<S> descriptor) {
                return wrap(access.state(descriptor(descriptor, operator)), descriptor);
            }
        };
    }

    /** The Flink descriptor of {@code descriptor}, of any kind (for a trigger's partitioned state). */
    static org.apache.flink.api.common.state.StateDescriptor<?, ?> descriptor(StateDescriptor<?> descriptor,
            String operator) {
        if (descriptor instanceof ValueStateDescriptor<?> d) {
            return value(d, operator);
        }
        if (descriptor instanceof ListStateDescriptor<?> d) {
            return list(d, operator);
        }
        if (descriptor instanceof MapStateDescriptor<?, ?> d) {
            return map(d, operator);
        }
        if (descriptor instanceof ReducingStateDescriptor<?> d) {
            return reducing(d, operator);
        }
        return aggregating((AggregatingStateDescriptor<?, ?, ?>) descriptor, operator);
    }

    /** {@code flink}, a state {@link #descriptor} made, as the Tidemark state of {@code descriptor}'s kind. */
    @SuppressWarnings("unchecked")
    static <S extends State> S wrap(Object flink, StateDescriptor<S> descriptor) {
        if (descriptor instanceof ValueStateDescriptor<?>) {
            return (S) value((org.apache.flink.api.common.state.ValueState<Object>) flink);
        }
        if (descriptor instanceof ListStateDescriptor<?>) {
            return (S) list((org.apache.flink.api.common.state.ListState<Object>) flink);
        }
        if (descriptor instanceof MapStateDescriptor<?, ?>) {
            return (S) map((org.apache.flink.api.common.state.MapState<Object, Object>) flink);
        }
        if (descriptor instanceof ReducingStateDescriptor<?>) {
            return (S) reducing((org.apache.flink.api.common.state.ReducingState<Object>) flink);
        }
        return (S) aggregating((org.apache.flink.api.common.state.AggregatingState<Object, Object>) flink);
    }

    static <T> org.apache.flink.api.common.state.ValueStateDescriptor<T> value(ValueStateDescriptor<T> d, String operator) {
        return withTtl(new org.apache.flink.api.common.state.ValueStateDescriptor<>(d.getName(),
                FlinkTypes.<T>of(d.getType())), d, operator);
    }

    static <T> org.apache.flink.api.common.state.ListStateDescriptor<T> list(ListStateDescriptor<T> d, String operator) {
        return withTtl(new org.apache.flink.api.common.state.ListStateDescriptor<>(d.getName(),
                FlinkTypes.<T>of(d.getElementType())), d, operator);
    }

    static <K, V> org.apache.flink.api.common.state.MapStateDescriptor<K, V> map(MapStateDescriptor<K, V> d, String operator) {
        return withTtl(new org.apache.flink.api.common.state.MapStateDescriptor<>(d.getName(),
                FlinkTypes.<K>of(d.getKeyType()), FlinkTypes.<V>of(d.getValueType())), d, operator);
    }

    static <T> org.apache.flink.api.common.state.ReducingStateDescriptor<T> reducing(ReducingStateDescriptor<T> d,
            String operator) {
        return withTtl(new org.apache.flink.api.common.state.ReducingStateDescriptor<>(d.getName(),
                new FunctionAdapters.Reduce<>(d.getReduceFunction()), FlinkTypes.<T>of(d.getType())), d, operator);
    }

    static <IN, ACC, OUT> org.apache.flink.api.common.state.AggregatingStateDescriptor<IN, ACC, OUT> aggregating(
            AggregatingStateDescriptor<IN, ACC, OUT> d, String operator) {
        return withTtl(new org.apache.flink.api.common.state.AggregatingStateDescriptor<>(d.getName(),
                new FunctionAdapters.Aggregate<>(d.getAggregateFunction()), FlinkTypes.<ACC>of(d.getAccumulatorType())),
                d, operator);
    }

    private static <D extends org.apache.flink.api.common.state.StateDescriptor<?, ?>> D withTtl(D flink,
            StateDescriptor<?> tidemark, String operator) {
        StateTtlConfig ttl = tidemark.getTtlConfig();
        if (ttl == null) {
            return flink;
        }
        if (ttl.timeDomain() == StateTtlConfig.TimeDomain.EVENT_TIME) {
            throw new UnsupportedOperationException("the Flink runner cannot run event-time state TTL, which Flink does"
                    + " not have: state '" + tidemark.getName() + "' of operator '" + operator + "'");
        }
        flink.enableTimeToLive(org.apache.flink.api.common.state.StateTtlConfig.newBuilder(ttl.ttl())
                .setUpdateType(ttl.refreshOnRead()
                        ? org.apache.flink.api.common.state.StateTtlConfig.UpdateType.OnReadAndWrite
                        : org.apache.flink.api.common.state.StateTtlConfig.UpdateType.OnCreateAndWrite)
                .setStateVisibility(org.apache.flink.api.common.state.StateTtlConfig.StateVisibility.NeverReturnExpired)
                .build());
        return flink;
    }

    static <T> ValueState<T> value(org.apache.flink.api.common.state.ValueState<T> flink) {
        return new ValueState<>() {
            @Override
            public T value() {
                return call(flink::value);
            }

            @Override
            public void update(T value) {
                run(() -> flink.update(value));
            }

            @Override
            public void clear() {
                flink.clear();
            }
        };
    }

    static <T> ListState<T> list(org.apache.flink.api.common.state.ListState<T> flink) {
        return new ListState<>() {
            @Override
            public Iterable<T> get() {
                Iterable<T> values = call(flink::get);
                return values == null ? List.of() : values;
            }

            @Override
            public void add(T value) {
                run(() -> flink.add(value));
            }

            @Override
            public void addAll(List<T> values) {
                run(() -> flink.addAll(values));
            }

            @Override
            public void update(List<T> values) {
                run(() -> flink.update(values));
            }

            @Override
            public void clear() {
                flink.clear();
            }
        };
    }

    static <K, V> MapState<K, V> map(org.apache.flink.api.common.state.MapState<K, V> flink) {
        return new MapState<>() {
            @Override
            public V get(K key) {
                return call(() -> flink.get(key));
            }

            @Override
            public void put(K key, V value) {
                run(() -> flink.put(key, value));
            }

            @Override
            public void putAll(Map<K, V> map) {
                run(() -> flink.putAll(map));
            }

            @Override
            public void remove(K key) {
                run(() -> flink.remove(key));
            }

            @Override
            public boolean contains(K key) {
                return call(() -> flink.contains(key));
            }

            @Override
            public Iterable<Map.Entry<K, V>> entries() {
                return call(flink::entries);
            }

            @Override
            public Iterable<K> keys() {
                return call(flink::keys);
            }

            @Override
            public Iterable<V> values() {
                return call(flink::values);
            }

            @Override
            public boolean isEmpty() {
                return call(flink::isEmpty);
            }

            @Override
            public void clear() {
                flink.clear();
            }
        };
    }

    static <T> ReducingState<T> reducing(org.apache.flink.api.common.state.ReducingState<T> flink) {
        return new ReducingState<>() {
            @Override
            public T get() {
                return call(flink::get);
            }

            @Override
            public void add(T value) {
                run(() -> flink.add(value));
            }

            @Override
            public void clear() {
                flink.clear();
            }
        };
    }

    static <IN, OUT> AggregatingState<IN, OUT> aggregating(org.apache.flink.api.common.state.AggregatingState<IN, OUT> flink) {
        return new AggregatingState<>() {
            @Override
            public OUT get() {
                return call(flink::get);
            }

            @Override
            public void add(IN value) {
                run(() -> flink.add(value));
            }

            @Override
            public void clear() {
                flink.clear();
            }
        };
    }

    /** A Flink state call that may throw; Tidemark's state interfaces do not declare it. */
    interface Call<R> {
        R call() throws Exception;
    }

    interface Run {
        void run() throws Exception;
    }

    static <R> R call(Call<R> call) {
        try {
            return call.call();
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("Flink's state backend failed: " + e.getMessage(), e);
        }
    }

    static void run(Run run) {
        call(() -> {
            run.run();
            return null;
        });
    }
}
