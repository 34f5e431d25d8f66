package dev.tidemark.runtime.state;

import dev.tidemark.api.functions.AggregateFunction;
import dev.tidemark.api.functions.ReduceFunction;
import dev.tidemark.state.AggregatingState;
import dev.tidemark.state.ListState;
import dev.tidemark.state.MapState;
import dev.tidemark.state.ReducingState;
import dev.tidemark.state.StateTtlConfig;
import dev.tidemark.state.ValueState;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** The heap implementations of the five kinds of keyed state. */
final class HeapStates {

    private HeapStates() {}

    /** State whose values in several namespaces can be combined into one (for merging windows). */
    interface Mergeable<N> {
        /** Folds the values of {@code sources} into {@code target} and clears the sources. */
        void mergeNamespaces(N target, java.util.Collection<N> sources) throws Exception;
    }

    /** Reads and clears each source namespace, combines, and writes into the target namespace. */
    static <K, N, V> void merge(HeapState<K, N, V> state, NamespacedStateStore<K, N> store, N target,
            java.util.Collection<N> sources, Combiner<V> combiner) throws Exception {
        N original = store.namespace();
        try {
            V merged = null;
            for (N source : sources) {
                store.setNamespace(source);
                V value = state.read();
                state.clear();
                if (value != null) {
                    merged = merged == null ? value : combiner.combine(merged, value);
                }
            }
            if (merged != null) {
                store.setNamespace(target);
                V existing = state.read();
                state.write(existing == null ? merged : combiner.combine(existing, merged));
            }
        } finally {
            store.setNamespace(original);
        }
    }

    /** Combines two stored values. */
    interface Combiner<V> {
        V combine(V a, V b) throws Exception;
    }

    static final class Value<K, N, T> extends HeapState<K, N, T> implements ValueState<T> {
        Value(NamespacedStateStore<K, N> store, String name, StateTtlConfig ttl) {
            super(store, name, ValueState.class, ttl);
        }

        @Override
        public T value() {
            return read();
        }

        @Override
        public void update(T value) {
            write(value);
        }
    }

    static final class ListImpl<K, N, T> extends HeapState<K, N, List<T>> implements ListState<T>, Mergeable<N> {
        private final NamespacedStateStore<K, N> store;

        ListImpl(NamespacedStateStore<K, N> store, String name, StateTtlConfig ttl) {
            super(store, name, ListState.class, ttl);
            this.store = store;
        }

        @Override
        public void mergeNamespaces(N target, java.util.Collection<N> sources) throws Exception {
            merge(this, store, target, sources, (a, b) -> {
                List<T> all = new ArrayList<>(a);
                all.addAll(b);
                return all;
            });
        }

        @Override
        public Iterable<T> get() {
            List<T> list = read();
            return list == null ? List.of() : Collections.unmodifiableList(list);
        }

        @Override
        public void add(T value) {
            Objects.requireNonNull(value, "list state value must not be null");
            List<T> list = read();
            if (list == null) {
                list = new ArrayList<>();
            }
            list.add(value);
            write(list);
        }

        @Override
        public void addAll(List<T> values) {
            for (T value : values) {
                add(value);
            }
        }

        @Override
        public void update(List<T> values) {
            values.forEach(v -> Objects.requireNonNull(v, "list state value must not be null"));
            write(values.isEmpty() ? null : new ArrayList<>(values));
        }
    }

    static final class MapImpl<K, N, UK, UV> extends HeapState<K, N, Map<UK, UV>> implements MapState<UK, UV> {
        MapImpl(NamespacedStateStore<K, N> store, String name, StateTtlConfig ttl) {
            super(store, name, MapState.class, ttl);
        }

        private Map<UK, UV> map() {
            Map<UK, UV> map = read();
            return map == null ? Map.of() : map;
        }

        @Override
        public UV get(UK key) {
            return map().get(key);
        }

        @Override
        public void put(UK key, UV value) {
            Map<UK, UV> map = read();
            if (map == null) {
                map = new HashMap<>();
            }
            map.put(key, value);
            write(map);
        }

        @Override
        public void putAll(Map<UK, UV> entries) {
            entries.forEach(this::put);
        }

        @Override
        public void remove(UK key) {
            Map<UK, UV> map = read();
            if (map != null) {
                map.remove(key);
                write(map.isEmpty() ? null : map);
            }
        }

        @Override
        public boolean contains(UK key) {
            return map().containsKey(key);
        }

        @Override
        public Iterable<Map.Entry<UK, UV>> entries() {
            return Collections.unmodifiableMap(map()).entrySet();
        }

        @Override
        public Iterable<UK> keys() {
            return Collections.unmodifiableMap(map()).keySet();
        }

        @Override
        public Iterable<UV> values() {
            return Collections.unmodifiableMap(map()).values();
        }

        @Override
        public boolean isEmpty() {
            return map().isEmpty();
        }
    }

    static final class Reducing<K, N, T> extends HeapState<K, N, T> implements ReducingState<T>, Mergeable<N> {
        private final ReduceFunction<T> function;
        private final NamespacedStateStore<K, N> store;

        Reducing(NamespacedStateStore<K, N> store, String name, StateTtlConfig ttl, ReduceFunction<T> function) {
            super(store, name, ReducingState.class, ttl);
            this.function = function;
            this.store = store;
        }

        @Override
        public void mergeNamespaces(N target, java.util.Collection<N> sources) throws Exception {
            merge(this, store, target, sources, function::reduce);
        }

        @Override
        public T get() {
            return read();
        }

        @Override
        public void add(T value) {
            T current = read();
            try {
                write(current == null ? value : function.reduce(current, value));
            } catch (Exception e) {
                throw new StateFunctionException("reduce function of reducing state failed", e);
            }
        }
    }

    static final class Aggregating<K, N, IN, ACC, OUT> extends HeapState<K, N, ACC>
            implements AggregatingState<IN, OUT>, Mergeable<N> {
        private final AggregateFunction<IN, ACC, OUT> function;
        private final NamespacedStateStore<K, N> store;

        Aggregating(NamespacedStateStore<K, N> store, String name, StateTtlConfig ttl,
                AggregateFunction<IN, ACC, OUT> function) {
            super(store, name, AggregatingState.class, ttl);
            this.function = function;
            this.store = store;
        }

        @Override
        public void mergeNamespaces(N target, java.util.Collection<N> sources) {
            try {
                merge(this, store, target, sources, function::merge);
            } catch (Exception e) {
                throw new StateFunctionException("aggregate function of aggregating state failed to merge", e);
            }
        }

        @Override
        public OUT get() {
            ACC acc = read();
            return acc == null ? null : function.getResult(acc);
        }

        @Override
        public void add(IN value) {
            ACC acc = read();
            write(function.add(value, acc == null ? function.createAccumulator() : acc));
        }
    }

    /** A user function inside a state threw; the cause is its exception. */
    static final class StateFunctionException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        StateFunctionException(String message, Exception cause) {
            super(message + ": " + cause, cause);
        }
    }
}
