package dev.tidemark.runtime.operators;

import dev.tidemark.api.functions.KeySelector;
import dev.tidemark.api.functions.LongKeySelector;
import dev.tidemark.api.functions.RuntimeContext;
import dev.tidemark.eventtime.Watermark;
import dev.tidemark.runtime.checkpoint.SnapshotReader;
import dev.tidemark.runtime.checkpoint.SnapshotWriter;
import dev.tidemark.runtime.checkpoint.StateBytes;
import dev.tidemark.runtime.state.HeapKeyedStateBackend;
import dev.tidemark.runtime.state.KeyGroups;
import dev.tidemark.runtime.state.NamespacedStateStore;
import dev.tidemark.runtime.state.StateClock;
import dev.tidemark.runtime.state.VoidNamespace;
import dev.tidemark.runtime.timers.InternalTimer;
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
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

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
public final class KeyedSupport<IN, K> implements StateClock, KeyedStateCounts {

    private final KeySelector<IN, K> selector;
    private final LongKeySelector<IN> longSelector; // the selector when its keys are longs, else null
    private final OperatorContext<?> context;
    private final HeapKeyedStateBackend<K> backend;
    private final NamespacedStateStore<K, VoidNamespace> store;
    private final List<InternalTimerService<K, ?>> timerServices = new ArrayList<>(1);
    private long currentEventTime = Long.MIN_VALUE;
    private long currentWatermark = Long.MIN_VALUE;

    @SuppressWarnings("unchecked")
    public KeyedSupport(KeySelector<IN, K> selector, OperatorContext<?> context) {
        this.selector = selector;
        this.longSelector = selector instanceof LongKeySelector<?> longs ? (LongKeySelector<IN>) longs : null;
        this.context = context;
        this.backend = new HeapKeyedStateBackend<>(context.config().getMaxParallelism(), this, context.operatorName(),
                context.subtaskIndex(), context.parallelism());
        this.store = new NamespacedStateStore<>(backend, VoidNamespace.INSTANCE);
    }

    /** Makes the key of {@code value} current, and {@code timestamp} the current event time. */
    public K setKeyOf(IN value, long timestamp) throws Exception {
        K key = select(selector, value);
        backend.setCurrentKey(key);
        currentEventTime = timestamp;
        return key;
    }

    /** {@code selector}'s key of {@code value}; a {@link LongKeySelector}'s in a box that recurs with the key. */
    @SuppressWarnings("unchecked")
    private static <X, K> K select(KeySelector<X, K> selector, X value) throws Exception {
        if (selector instanceof LongKeySelector<?> longs) {
            return (K) KeyBoxes.of(((LongKeySelector<X>) longs).getLongKey(value));
        }
        return selector.getKey(value);
    }

    /**
     * The key of {@code value}, checked, and {@code timestamp} as the current event time; the key is
     * not made current: for an operator that keeps its own state and makes a key current only when a
     * function needs it.
     */
    public K keyOf(IN value, long timestamp) throws Exception {
        K key = backend.checkKey(select(selector, value));
        backend.checkOwned(key);
        currentEventTime = timestamp;
        return key;
    }

    /** Whether keys come as {@code long}s, from {@link #longKeyOf}, without boxing. */
    public boolean hasLongKeys() {
        return longSelector != null;
    }

    /**
     * {@link #keyOf} for a {@link LongKeySelector}: the key of {@code value} unboxed, and
     * {@code timestamp} as the current event time.
     *
     * @throws IllegalStateException if the keys are not longs ({@link #hasLongKeys})
     */
    public long longKeyOf(IN value, long timestamp) throws Exception {
        if (longSelector == null) {
            throw new IllegalStateException("the key selector of " + context.operatorName() + " gives no long keys");
        }
        long key = longSelector.getLongKey(value);
        currentEventTime = timestamp;
        return key;
    }

    /** Makes the key {@code selector} extracts from {@code value} current (for a second input). */
    public <X> K setKeyOf(KeySelector<X, K> selector, X value, long timestamp) throws Exception {
        K key = select(selector, value);
        backend.setCurrentKey(key);
        currentEventTime = timestamp;
        return key;
    }

    /** Makes {@code key} current (a timer's key), and {@code timestamp} the current event time. */
    public void setKey(K key, long timestamp) {
        backend.setCurrentKey(key);
        currentEventTime = timestamp;
    }

    /** {@link #setKey} for a {@code Long} key, unboxed: boxed only if state or a function asks for it. */
    public void setLongKey(long key, long timestamp) {
        backend.setCurrentLongKey(key);
        currentEventTime = timestamp;
    }

    public K currentKey() {
        return backend.getCurrentKey();
    }

    @Override
    public long numKeyedStateEntries() {
        return backend.totalEntries();
    }

    @Override
    public int numEventTimeTimers() {
        return timerServices.stream().mapToInt(InternalTimerService::numEventTimeTimers).sum();
    }

    @Override
    public int numProcessingTimeTimers() {
        return timerServices.stream().mapToInt(InternalTimerService::numProcessingTimeTimers).sum();
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
        InternalTimerService<K, N> service = new InternalTimerService<>(context.timeService(), backend::setCurrentKey,
                backend::getCurrentKey, target);
        timerServices.add(service);
        return service;
    }

    /**
     * Writes the keyed state and timers of every key group that has any, and event time (a split
     * list, so an instance restored at the same parallelism gets its own back).
     */
    public void snapshotState(SnapshotWriter out) {
        int maxParallelism = context.config().getMaxParallelism();
        List<Map<Integer, List<InternalTimer<K, ?>>>> timersByGroup = new ArrayList<>();
        for (InternalTimerService<K, ?> service : timerServices) {
            timersByGroup.add(timersByKeyGroup(service, true, maxParallelism));
            timersByGroup.add(timersByKeyGroup(service, false, maxParallelism));
        }
        for (int group = 0; group < maxParallelism; group++) {
            int g = group;
            if (backend.hasEntries(g) || timersByGroup.stream().anyMatch(m -> m.containsKey(g))) {
                out.keyGroup(g, StateBytes.write(o -> writeKeyGroup(g, timersByGroup, o),
                        "keyed state of operator '" + context.operatorName() + "'"));
            }
        }
        out.list(WATERMARK_STATE, List.of(currentWatermark));
    }

    private static final String WATERMARK_STATE = "_event-time";

    private Map<Integer, List<InternalTimer<K, ?>>> timersByKeyGroup(InternalTimerService<K, ?> service,
            boolean eventTime, int maxParallelism) {
        Map<Integer, List<InternalTimer<K, ?>>> byGroup = new HashMap<>();
        service.forEachTimer(eventTime, timer -> byGroup.computeIfAbsent(
                KeyGroups.assignToKeyGroup(timer.key(), maxParallelism), g -> new ArrayList<>()).add(timer));
        return byGroup;
    }

    private void writeKeyGroup(int group, List<Map<Integer, List<InternalTimer<K, ?>>>> timersByGroup,
            ObjectOutputStream out) throws IOException {
        backend.snapshotKeyGroup(group, out);
        for (Map<Integer, List<InternalTimer<K, ?>>> byGroup : timersByGroup) { // event, processing per service
            List<InternalTimer<K, ?>> timers = byGroup.getOrDefault(group, List.of());
            out.writeInt(timers.size());
            for (InternalTimer<K, ?> timer : timers) {
                out.writeObject(timer.key());
                out.writeObject(timer.namespace());
                out.writeLong(timer.timestamp());
            }
        }
    }

    /** Restores what {@link #snapshotState} wrote for the key groups this instance now owns. */
    @SuppressWarnings("unchecked")
    public void initializeState(SnapshotReader in) {
        String what = "keyed state of operator '" + context.operatorName() + "'";
        in.keyGroups().forEach((group, bytes) -> StateBytes.read(bytes, o -> {
            readKeyGroup(group, (ObjectInputStream) o);
            return null;
        }, what));
        List<Long> watermarks = in.list(WATERMARK_STATE);
        if (!watermarks.isEmpty()) {
            long restored = watermarks.stream().mapToLong(Long::longValue).min().getAsLong();
            currentWatermark = Math.max(currentWatermark, restored);
            timerServices.forEach(service -> service.restoreWatermark(restored));
        }
    }

    @SuppressWarnings("unchecked")
    private void readKeyGroup(int group, ObjectInputStream in) throws IOException, ClassNotFoundException {
        backend.restoreKeyGroup(group, in);
        for (InternalTimerService<K, ?> service : timerServices) {
            for (boolean eventTime : new boolean[] {true, false}) {
                int count = in.readInt();
                for (int i = 0; i < count; i++) {
                    K key = (K) in.readObject();
                    Object namespace = in.readObject();
                    ((InternalTimerService<K, Object>) service).restoreTimer(eventTime, key, namespace, in.readLong());
                }
            }
        }
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
            public boolean isCheckpointingEnabled() {
                return base.isCheckpointingEnabled();
            }

            @Override
            public dev.tidemark.api.ExecutionConfig getExecutionConfig() {
                return base.getExecutionConfig();
            }

            @Override
            public <V, A extends java.io.Serializable> void addAccumulator(String name,
                    dev.tidemark.api.accumulators.Accumulator<V, A> accumulator) {
                base.addAccumulator(name, accumulator);
            }

            @Override
            public <V, A extends java.io.Serializable> dev.tidemark.api.accumulators.Accumulator<V, A> getAccumulator(
                    String name) {
                return base.getAccumulator(name);
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
