package dev.tidemark.runtime.operators.window;

import dev.tidemark.eventtime.Watermark;
import dev.tidemark.runtime.checkpoint.SnapshotReader;
import dev.tidemark.runtime.operators.ForwardingOperator;
import dev.tidemark.runtime.operators.KeyedSupport;
import dev.tidemark.runtime.operators.OperatorContext;
import dev.tidemark.runtime.state.NamespacedStateStore;
import dev.tidemark.runtime.timers.InternalTimer;
import dev.tidemark.runtime.timers.InternalTimerService;
import dev.tidemark.runtime.timers.Triggerable;
import dev.tidemark.windowing.assigners.MergingWindowAssigner;
import dev.tidemark.windowing.assigners.WindowAssigner;
import dev.tidemark.windowing.evictors.Evictor;
import dev.tidemark.windowing.triggers.EventTimeTrigger;
import dev.tidemark.windowing.triggers.Trigger;
import dev.tidemark.windowing.triggers.TriggerResult;
import dev.tidemark.windowing.windows.TimeWindow;
import dev.tidemark.windowing.windows.Window;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * The keyed window operator: only orchestrates its parts. The assigner picks windows, the
 * {@link Lateness} rules drop or divert late elements, {@link WindowContents} holds what each window
 * accumulated, the trigger (through {@link WindowTriggerContext}) decides when to fire, the
 * {@link WindowFunctionRunner} emits, and {@link MergingWindows} merges sessions. Event-time timers
 * fire on the watermark, before it is forwarded. Each window is cleaned up at
 * {@code maxTimestamp + allowedLateness}: contents, trigger state and timers go, nothing is emitted.
 *
 * <p>Threading: the owning task's thread only.
 */
public final class WindowOperator<K, IN, OUT, W extends Window> extends ForwardingOperator<IN, OUT>
        implements Triggerable<K, W> {

    private final WindowOperatorSpec<K, IN, OUT, W> spec;
    private final int maxParallelism;
    private final KeyedSupport<IN, K> keyed;
    private final WindowAssigner<Object, W> assigner;
    private final WindowAssigner.Context assignerContext;
    private final List<W> assigned = new ArrayList<>(4);
    private final WindowAssigner.WindowCollector<W> assignedCollector = assigned::add;
    private final InternalTimerService<K, W> timers;
    private final WindowTriggerContext<K, W> trigger;
    private final WindowContents<Object, W> contents;
    private final WindowFunctionRunner<K, Object, OUT, W> function;
    private final Lateness<W> lateness;
    private final MergingWindows<K, W> merging;
    private final MergingWindows.MergeFunction<W> mergeFunction = this::onMerge;
    private final boolean eventTimeTrigger; // the default trigger of event-time windows, whose behaviour is known
    private W firingWindow; // the window whose contents are being emitted
    /** One consumer for every firing, not a capturing lambda per firing: at one window per element that was garbage. */
    private final WindowContents.InputConsumer emitToFunction;

    @SuppressWarnings({"unchecked", "rawtypes"})
    public WindowOperator(WindowOperatorSpec<K, IN, OUT, W> spec, OperatorContext<OUT> context) {
        super(context, spec.function());
        this.spec = spec;
        this.maxParallelism = context.config().getMaxParallelism();
        this.keyed = new KeyedSupport<>(spec.keySelector(), context);
        this.assigner = (WindowAssigner<Object, W>) spec.assigner();
        this.assignerContext = () -> context.timeService().currentProcessingTime();
        this.timers = keyed.timerService(this);
        this.trigger = new WindowTriggerContext<>((Trigger<Object, W>) spec.trigger(), timers,
                new NamespacedStateStore<>(keyed.backend(), null, "_trigger/"));
        this.contents = contents(spec);
        this.function = WindowFunctionRunner.of(spec, output, keyed, timers);
        this.lateness = Lateness.of(spec, spec.allowedLatenessMillis(), assigner.isEventTime(), context);
        this.merging = assigner instanceof MergingWindowAssigner<?, W> m ? new MergingWindows<>(keyed.backend(), m) : null;
        this.eventTimeTrigger = spec.trigger() instanceof EventTimeTrigger; // a copy per subtask: not the singleton
        this.emitToFunction = input -> function.process(keyed.currentKey(), firingWindow, input);
    }

    @Override
    protected KeyedSupport<?, ?> keyedSupport() {
        return keyed;
    }

    @Override
    @SuppressWarnings("unchecked")
    public void initializeState(SnapshotReader state) throws Exception {
        super.initializeState(state);
        for (Map.Entry<K, TimeWindow> restored : PanesIntoWindows.convert(keyed.backend(), spec,
                timers.currentWatermark(), maxParallelism)) {
            W window = (W) restored.getValue();
            timers.restoreTimer(true, restored.getKey(), window, window.maxTimestamp()); // the default trigger's
            long cleanupTime = lateness.cleanupTime(window);
            if (cleanupTime != Long.MAX_VALUE && cleanupTime != window.maxTimestamp()) {
                timers.restoreTimer(true, restored.getKey(), window, cleanupTime);
            }
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private WindowContents<Object, W> contents(WindowOperatorSpec<K, IN, OUT, W> spec) {
        if (spec.evictor() != null) {
            Evictor.EvictorContext evictorContext = new Evictor.EvictorContext() {
                @Override
                public long getCurrentProcessingTime() {
                    return timers.currentProcessingTime();
                }

                @Override
                public long getCurrentWatermark() {
                    return timers.currentWatermark();
                }
            };
            return new EvictingContents<>(keyed.backend(), (Evictor) spec.evictor(), evictorContext);
        }
        if (spec.reduce() != null) {
            return new AccumulatingContents<>(keyed.backend(), (Accumulator) Accumulator.reducing(spec.reduce()));
        }
        if (spec.aggregate() != null) {
            return new AccumulatingContents<>(keyed.backend(), (Accumulator) Accumulator.aggregating(spec.aggregate()));
        }
        return new ListContents<>(keyed.backend(), ListContents.STATE);
    }


    @Override
    public void processElement(IN value, long timestamp) throws Exception {
        keyed.setKeyOf(value, timestamp);
        assigned.clear();
        assigner.assignWindows(value, timestamp, assignerContext, assignedCollector);
        long watermark = timers.currentWatermark();
        boolean accepted = merging == null ? addToWindows(value, timestamp, watermark)
                : addToMergingWindows(value, timestamp, watermark);
        if (!accepted && lateness.isElementLate(timestamp, watermark)) {
            lateness.onLateElement(value, timestamp, watermark);
        }
    }

    private boolean addToWindows(IN value, long timestamp, long watermark) throws Exception {
        boolean accepted = false;
        for (int i = 0; i < assigned.size(); i++) {
            W window = assigned.get(i);
            if (lateness.isWindowLate(window, watermark)) {
                continue;
            }
            accepted = true;
            if (contents.add(window, value, timestamp) && eventTimeTrigger) {
                // What EventTimeTrigger would do, without its timer lookups: the window's first element
                // registered its timer and cleanup timer, and both stay until the window is due.
                if (window.maxTimestamp() <= watermark) {
                    onTriggerResult(TriggerResult.FIRE, window, window);
                }
                continue;
            }
            onTriggerResult(trigger.window(window).onElement(value, timestamp), window, window);
            registerCleanupTimer(window);
        }
        return accepted;
    }

    private boolean addToMergingWindows(IN value, long timestamp, long watermark) throws Exception {
        Map<W, W> mapping = merging.mapping();
        boolean accepted = false;
        for (int i = 0; i < assigned.size(); i++) {
            W window = merging.addWindow(mapping, assigned.get(i), mergeFunction);
            if (lateness.isWindowLate(window, watermark)) {
                mapping.remove(window);
                continue;
            }
            accepted = true;
            W stateWindow = mapping.get(window);
            contents.add(stateWindow, value, timestamp);
            onTriggerResult(trigger.window(window).onElement(value, timestamp), window, stateWindow);
            registerCleanupTimer(window);
        }
        merging.persist(mapping);
        return accepted;
    }

    private void onMerge(W mergeResult, Collection<W> mergedWindows, W stateWindowResult, Collection<W> mergedStateWindows)
            throws Exception {
        if (lateness.isWindowLate(mergeResult, timers.currentWatermark())) {
            throw new IllegalStateException("merging must not produce a window that is already late: window="
                    + mergeResult + ", watermark=" + timers.currentWatermark());
        }
        trigger.window(mergeResult).onMerge(mergedWindows);
        for (W merged : mergedWindows) {
            trigger.window(merged).clear();
            deleteCleanupTimer(merged);
        }
        contents.merge(stateWindowResult, mergedStateWindows);
    }

    @Override
    public void processWatermark(Watermark watermark) throws Exception {
        keyed.advanceWatermark(timers, watermark);
        forwardWatermark(watermark);
    }

    @Override
    public void onEventTime(K key, W window, long timestamp) throws Exception {
        onTimer(key, window, timestamp, true);
    }

    @Override
    public void onProcessingTime(K key, W window, long timestamp) throws Exception {
        onTimer(key, window, timestamp, false);
    }

    private void onTimer(K key, W window, long timestamp, boolean eventTime) throws Exception {
        keyed.setKey(key, timestamp);
        Map<W, W> mapping = merging == null ? null : merging.mapping();
        W stateWindow = mapping == null ? window : mapping.get(window);
        if (stateWindow == null) {
            return; // a timer of a window that was merged away
        }
        trigger.window(window);
        onTriggerResult(eventTime ? trigger.onEventTime(timestamp) : trigger.onProcessingTime(timestamp),
                window, stateWindow);
        if (eventTime == lateness.isEventTime() && lateness.isCleanupTime(window, timestamp)) {
            clearAllState(window, stateWindow, mapping);
        }
        if (mapping != null) {
            merging.persist(mapping);
        }
    }

    private void onTriggerResult(TriggerResult result, W window, W stateWindow) throws Exception {
        if (result.isFire()) {
            firingWindow = window;
            contents.emit(stateWindow, window, emitToFunction);
        }
        if (result.isPurge()) {
            contents.clear(stateWindow);
        }
    }

    private void clearAllState(W window, W stateWindow, Map<W, W> mapping) throws Exception {
        contents.clear(stateWindow);
        trigger.window(window).clear();
        function.clear(window);
        if (mapping != null) {
            mapping.remove(window);
        }
    }

    private void registerCleanupTimer(W window) {
        long cleanupTime = lateness.cleanupTime(window);
        if (cleanupTime == Long.MAX_VALUE) {
            return; // the end of time needs no cleanup; the final watermark must not clear global windows
        }
        if (lateness.isEventTime()) {
            timers.registerEventTimeTimer(window, cleanupTime);
        } else {
            timers.registerProcessingTimeTimer(window, cleanupTime);
        }
    }

    private void deleteCleanupTimer(W window) {
        long cleanupTime = lateness.cleanupTime(window);
        if (cleanupTime == Long.MAX_VALUE) {
            return;
        }
        if (lateness.isEventTime()) {
            timers.deleteEventTimeTimer(window, cleanupTime);
        } else {
            timers.deleteProcessingTimeTimer(window, cleanupTime);
        }
    }

    /** How many state entries and timers the operator holds, for tests that check cleanup. */
    public int stateSize() {
        return keyed.backend().totalEntries() + timers.numEventTimeTimers() + timers.numProcessingTimeTimers();
    }
}
