package dev.tidemark.runtime.operators;

import dev.tidemark.api.functions.KeySelector;
import dev.tidemark.api.functions.RuntimeContext;
import dev.tidemark.eventtime.Watermark;
import dev.tidemark.runtime.state.HeapKeyedStateBackend;
import dev.tidemark.runtime.state.NamespacedStateStore;
import dev.tidemark.runtime.state.StateClock;
import dev.tidemark.runtime.state.VoidNamespace;
import dev.tidemark.runtime.timers.InternalTimerService;
import dev.tidemark.runtime.timers.Triggerable;
import dev.tidemark.state.AggregatingState;
import dev.tidemark.state.AggregatingStateDescriptor;
import dev.tidemark.state.ListState;
import dev.tidemark.state.ListStateDescriptor;
import dev.tidemark.state.MapState;
import dev.tidemark.state.MapStateDescriptor;
import dev.tidemark.state.ReducingState;
import dev.tidemark.state.ReducingStateDescriptor;
import dev.tidemark.state.ValueState;
import dev.tidemark.state.ValueStateDescriptor;

/**
 * What every keyed operator needs, by composition: the key selector, the keyed state backend with
 * the current key, the operator's plain keyed state, timer services, and the times that state
 * time-to-live is measured against.
 *
 * <p>Threading: the owning task's thread only.
 *
 * @param <IN> input type
 * @param <K> key type
 */
public final class KeyedSupport<IN, K> implements StateClock {

    private final KeySelector<IN, K> selector;
    private final OperatorContext<?> context;
    private final HeapKeyedStateBackend<K> backend;
    private final NamespacedStateStore<K, VoidNamespace> store;
    private long currentEventTime = Long.MIN_VALUE;
    private long currentWatermark = Long.MIN_VALUE;

    public KeyedSupport(KeySelector<IN, K> selector, OperatorContext<?> context) {
        this.selector = selector;
        this.context = context;
        this.backend = new HeapKeyedStateBackend<>(context.config().getMaxParallelism(), this, context.operatorName());
        this.store = new NamespacedStateStore<>(backend, VoidNamespace.INSTANCE);
    }

    /** Makes the key of {@code value} current, and {@code timestamp} the current event time. */
    public K setKeyOf(IN value, long timestamp) throws Exception {
        K key = selector.getKey(value);
        backend.setCurrentKey(key);
        currentEventTime = timestamp;
        return key;
    }

    /** Makes the key {@code selector} extracts from {@code value} current (for a second input). */
    public <X> K setKeyOf(KeySelector<X, K> selector, X value, long timestamp) throws Exception {
        K key = selector.getKey(value);
        backend.setCurrentKey(key);
        currentEventTime = timestamp;
        return key;
    }

    /** Makes {@code key} current (a timer's key), and {@code timestamp} the current event time. */
    public void setKey(K key, long timestamp) {
        backend.setCurrentKey(key);
        currentEventTime = timestamp;
    }

    public K currentKey() {
        return backend.getCurrentKey();
    }

    public HeapKeyedStateBackend<K> backend() {
        return backend;
    }

    /**
     * Fires {@code timers}' event-time timers up to {@code watermark}, then records the watermark they
     * reached as the one event-time state TTL is measured against.
     */
    public void advanceWatermark(InternalTimerService<K, ?> timers, Watermark watermark) throws Exception {
        timers.advanceWatermark(watermark);
        currentWatermark = timers.currentWatermark();
    }

    /** A timer service whose firings make the timer's key current before calling {@code target}. */
    public <N> InternalTimerService<K, N> timerService(Triggerable<K, N> target) {
        return new InternalTimerService<>(context.timeService(), backend::setCurrentKey, backend::getCurrentKey, target);
    }

    @Override
    public long currentProcessingTime() {
        return context.timeService().currentProcessingTime();
    }

    @Override
    public long currentWatermark() {
        return currentWatermark;
    }

    @Override
    public long currentEventTime() {
        return currentEventTime;
    }

    /** The runtime context of a rich function on this keyed stream: state is the current key's. */
    public RuntimeContext runtimeContext() {
        RuntimeContext base = context.runtimeContext();
        return new RuntimeContext() {
            @Override
            public String getOperatorName() {
                return base.getOperatorName();
            }

            @Override
            public int getIndexOfThisSubtask() {
                return base.getIndexOfThisSubtask();
            }

            @Override
            public int getNumberOfParallelSubtasks() {
                return base.getNumberOfParallelSubtasks();
            }

            @Override
            public <T> ValueState<T> getState(ValueStateDescriptor<T> descriptor) {
                return store.getState(descriptor);
            }

            @Override
            public <T> ListState<T> getListState(ListStateDescriptor<T> descriptor) {
                return store.getListState(descriptor);
            }

            @Override
            public <UK, UV> MapState<UK, UV> getMapState(MapStateDescriptor<UK, UV> descriptor) {
                return store.getMapState(descriptor);
            }

            @Override
            public <T> ReducingState<T> getReducingState(ReducingStateDescriptor<T> descriptor) {
                return store.getReducingState(descriptor);
            }

            @Override
            public <I, ACC, OUT> AggregatingState<I, OUT> getAggregatingState(
                    AggregatingStateDescriptor<I, ACC, OUT> descriptor) {
                return store.getAggregatingState(descriptor);
            }
        };
    }

    /** The plain keyed state of this operator (scoped to the current key only). */
    public NamespacedStateStore<K, VoidNamespace> store() {
        return store;
    }
}
