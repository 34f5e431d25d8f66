package dev.tidemark.runtime.operators.window;

import dev.tidemark.api.OutputTag;
import dev.tidemark.api.functions.AggregateFunction;
import dev.tidemark.api.functions.ProcessWindowFunction;
import dev.tidemark.eventtime.Watermark;
import dev.tidemark.runtime.operators.ForwardingOperator;
import dev.tidemark.runtime.operators.KeyedSupport;
import dev.tidemark.runtime.operators.OperatorContext;
import dev.tidemark.runtime.state.HeapKeyedStateBackend;
import dev.tidemark.runtime.state.KeyNamespaceMap;
import dev.tidemark.runtime.state.NamespacedStateStore;
import dev.tidemark.runtime.state.StateTable;
import dev.tidemark.runtime.state.VoidNamespace;
import dev.tidemark.runtime.timers.InternalTimer;
import dev.tidemark.runtime.timers.InternalTimerService;
import dev.tidemark.runtime.timers.Triggerable;
import dev.tidemark.windowing.assigners.SlidingEventTimeWindows;
import dev.tidemark.windowing.windows.TimeWindow;
import java.util.List;

/**
 * Sliding event-time windows aggregated by panes: each element is added to one accumulator per key
 * and slide (its pane) instead of one per window, and a window that fires merges the accumulators
 * of its {@code size / slide} panes. An element costs one lookup and one {@code add}, not
 * {@code size / slide} of each, which is what the user opts into with
 * {@code WindowedStream.sharePanes()}: {@code AggregateFunction.merge} must be correct.
 *
 * <p>Results are those of {@link WindowOperator} with the default trigger and no allowed lateness:
 * a window fires once, when the watermark passes its end, for each key with elements in it; an
 * element whose windows have all fired is late. Each window has one timer, registered when its first
 * pane appears; a pane is dropped when the window that starts with it fires.
 *
 * <p>Threading: the owning task's thread only.
 */
public final class PanedWindowOperator<K, IN, ACC, OUT> extends ForwardingOperator<IN, OUT>
        implements Triggerable<K, TimeWindow> {

    private final KeyedSupport<IN, K> keyed;
    private final HeapKeyedStateBackend<K> backend;
    private final StateTable<K, VoidNamespace, Panes> panes;
    private final AggregateFunction<IN, ACC, ?> aggregate;
    private final InternalTimerService<K, TimeWindow> timers;
    private final WindowFunctionRunner<K, Object, OUT, TimeWindow> function;
    private final Lateness<TimeWindow> lateness;
    private final SlidingEventTimeWindows assigner;
    private final long size;
    private final long slide;
    private final long offset;

    @SuppressWarnings({"unchecked", "rawtypes"})
    public PanedWindowOperator(WindowOperatorSpec<K, IN, OUT, TimeWindow> spec, OperatorContext<OUT> context) {
        super(context, spec.function());
        this.assigner = (SlidingEventTimeWindows) spec.assigner();
        this.size = assigner.getSize();
        this.slide = assigner.getSlide();
        this.offset = assigner.getOffset();
        this.keyed = new KeyedSupport<>(spec.keySelector(), context);
        this.backend = keyed.backend();
        this.panes = backend.table("_window/panes", PanedWindowOperator.class);
        this.aggregate = (AggregateFunction<IN, ACC, ?>) spec.aggregate();
        this.timers = keyed.timerService(this);
        this.function = new WindowFunctionRunner<>((ProcessWindowFunction) spec.function(), output,
                new NamespacedStateStore<>(backend, null), keyed.store(), timers);
        this.lateness = new Lateness<>(0, true, (OutputTag<Object>) spec.lateTag(), output,
                context.counter("numLateRecordsDropped"), context.operatorName());
    }

    @Override
    protected KeyedSupport<?, ?> keyedSupport() {
        return keyed;
    }


    @Override
    @SuppressWarnings("unchecked")
    public void processElement(IN value, long timestamp) throws Exception {
        if (timestamp == Long.MIN_VALUE) {
            assigner.assignWindows(value, timestamp, null, window -> {}); // it refuses, in its own words
        }
        K key = keyed.setKeyOf(value, timestamp);
        long paneStart = TimeWindow.getWindowStartWithOffset(timestamp, offset, slide);
        long watermark = timers.currentWatermark();
        if (TimeWindow.endOf(paneStart, size) - 1 <= watermark) {
            lateness.onLateElement(value, timestamp, watermark); // every window of the element has fired
            return;
        }
        KeyNamespaceMap<K, VoidNamespace, Panes> map = panes.group(backend.getCurrentKeyGroup());
        int slot = map.find(key, VoidNamespace.INSTANCE);
        Panes keyPanes;
        if (slot >= 0) {
            keyPanes = map.valueAt(slot);
        } else {
            keyPanes = new Panes();
            map.put(key, VoidNamespace.INSTANCE, keyPanes);
        }
        int index = keyPanes.indexOf(paneStart);
        if (index >= 0) {
            ACC acc = (ACC) keyPanes.accumulator(index);
            ACC updated = aggregate.add(value, acc);
            if (updated != acc) {
                keyPanes.setAccumulator(index, updated);
            }
            return;
        }
        registerTimersOfNewWindows(keyPanes, paneStart, watermark);
        keyPanes.insert(-index - 1, paneStart, aggregate.add(value, aggregate.createAccumulator()));
    }

    /** The windows that contain the new pane and no other pane have no timer yet; late ones never fire. */
    private void registerTimersOfNewWindows(Panes keyPanes, long paneStart, long watermark) {
        for (long start = paneStart; start > paneStart - size; start -= slide) {
            long end = TimeWindow.endOf(start, size);
            if (end - 1 > watermark && !keyPanes.anyIn(start, end)) {
                timers.registerEventTimeTimer(new TimeWindow(start, end), end - 1);
            }
            if (start - slide > start) {
                break; // would wrap below Long.MIN_VALUE
            }
        }
    }

    @Override
    public void processWatermark(Watermark watermark) throws Exception {
        keyed.advanceWatermark(timers, watermark);
        forwardWatermark(watermark);
    }

    @Override
    @SuppressWarnings("unchecked")
    public void onEventTime(InternalTimer<K, TimeWindow> timer) throws Exception {
        K key = timer.key();
        keyed.setKey(key, timer.timestamp());
        TimeWindow window = timer.namespace();
        int keyGroup = backend.getCurrentKeyGroup();
        Panes keyPanes = panes.get(key, keyGroup, VoidNamespace.INSTANCE);
        if (keyPanes == null) {
            return;
        }
        ACC acc = aggregate.createAccumulator();
        for (int i = 0; i < keyPanes.count() && keyPanes.start(i) < window.end(); i++) {
            if (keyPanes.start(i) >= window.start()) {
                acc = aggregate.merge(acc, (ACC) keyPanes.accumulator(i));
            }
        }
        function.process(key, window, List.of(aggregate.getResult(acc)));
        function.clear(window);
        keyPanes.dropBefore(window.start() + slide); // no window still to fire covers the window's first pane
        if (keyPanes.isEmpty()) {
            panes.remove(key, keyGroup, VoidNamespace.INSTANCE);
        }
    }

    @Override
    public void onProcessingTime(InternalTimer<K, TimeWindow> timer) {
        throw new IllegalStateException("paned windows register no processing-time timers: timer=" + timer);
    }

    /** How many state entries and timers the operator holds, for tests that check cleanup. */
    public int stateSize() {
        return backend.totalEntries() + timers.numEventTimeTimers() + timers.numProcessingTimeTimers();
    }
}
