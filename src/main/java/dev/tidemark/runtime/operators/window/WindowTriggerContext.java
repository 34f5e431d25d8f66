package dev.tidemark.runtime.operators.window;

import dev.tidemark.runtime.state.NamespacedStateStore;
import dev.tidemark.runtime.timers.InternalTimerService;
import dev.tidemark.state.State;
import dev.tidemark.state.StateDescriptor;
import dev.tidemark.windowing.triggers.Trigger;
import dev.tidemark.windowing.triggers.TriggerResult;
import dev.tidemark.windowing.windows.Window;
import java.util.Collection;
import java.util.List;

/**
 * The trigger's view of the current key and {@link #window}: timers in the window's namespace and
 * state partitioned by window. One instance per operator; the operator sets the window before each
 * call.
 *
 * <p>Threading: the owning task's thread only.
 */
final class WindowTriggerContext<K, W extends Window> implements Trigger.OnMergeContext {

    private final Trigger<Object, W> trigger;
    private final InternalTimerService<K, W> timers;
    private final NamespacedStateStore<K, W> state;
    private W window;
    private Collection<W> mergedWindows = List.of();

    WindowTriggerContext(Trigger<Object, W> trigger, InternalTimerService<K, W> timers, NamespacedStateStore<K, W> state) {
        this.trigger = trigger;
        this.timers = timers;
        this.state = state;
    }

    WindowTriggerContext<K, W> window(W window) {
        this.window = window;
        return this;
    }

    TriggerResult onElement(Object element, long timestamp) throws Exception {
        return trigger.onElement(element, timestamp, window, this);
    }

    TriggerResult onEventTime(long time) throws Exception {
        return trigger.onEventTime(time, window, this);
    }

    TriggerResult onProcessingTime(long time) throws Exception {
        return trigger.onProcessingTime(time, window, this);
    }

    void onMerge(Collection<W> merged) throws Exception {
        this.mergedWindows = merged;
        try {
            trigger.onMerge(window, this);
        } finally {
            this.mergedWindows = List.of();
        }
    }

    void clear() throws Exception {
        trigger.clear(window, this);
    }

    @Override
    public long getCurrentProcessingTime() {
        return timers.currentProcessingTime();
    }

    @Override
    public long getCurrentWatermark() {
        return timers.currentWatermark();
    }

    @Override
    public void registerProcessingTimeTimer(long time) {
        timers.registerProcessingTimeTimer(window, time);
    }

    @Override
    public void registerEventTimeTimer(long time) {
        timers.registerEventTimeTimer(window, time);
    }

    @Override
    public void deleteProcessingTimeTimer(long time) {
        timers.deleteProcessingTimeTimer(window, time);
    }

    @Override
    public void deleteEventTimeTimer(long time) {
        timers.deleteEventTimeTimer(window, time);
    }

    @Override
    public <S extends State> S getPartitionedState(StateDescriptor<S> descriptor) {
        state.setNamespace(window);
        return state.getPartitionedState(descriptor);
    }

    @Override
    public void mergePartitionedState(StateDescriptor<?> descriptor) {
        if (!mergedWindows.isEmpty()) {
            try {
                state.mergeNamespaces(descriptor, window, mergedWindows);
            } catch (RuntimeException e) {
                throw e;
            } catch (Exception e) {
                throw new IllegalStateException("merging trigger state failed: state=" + descriptor.getName() + ": " + e, e);
            }
        }
    }
}
