package dev.tidemark.state;

/**
 * Where a function gets keyed state. State obtained here is scoped to the current key, and (for
 * per-window state) to the current window.
 */
public interface KeyedStateStore {

    <T> ValueState<T> getState(ValueStateDescriptor<T> descriptor);

    <T> ListState<T> getListState(ListStateDescriptor<T> descriptor);

    <K, V> MapState<K, V> getMapState(MapStateDescriptor<K, V> descriptor);

    <T> ReducingState<T> getReducingState(ReducingStateDescriptor<T> descriptor);

    <IN, ACC, OUT> AggregatingState<IN, OUT> getAggregatingState(AggregatingStateDescriptor<IN, ACC, OUT> descriptor);
}
