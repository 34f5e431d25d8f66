package dev.tidemark.windowing.triggers;

import dev.tidemark.state.State;
import dev.tidemark.state.StateDescriptor;
import dev.tidemark.windowing.windows.Window;
import java.io.Serializable;

/**
 * Decides when a window emits: on each element, and when a timer it registered fires. Timers and
 * state are scoped to the current key and window, through the {@link TriggerContext}.
 *
 * <p>Threading: the owning task's thread; each parallel instance has its own copy, and a trigger
 * must keep no per-window data in fields (use partitioned state).
 *
 * @param <T> element type
 * @param <W> window type
 */
public abstract class Trigger<T, W extends Window> implements Serializable {

    private static final long serialVersionUID = 1L;

    /** Called for each element added to {@code window}. */
    public abstract TriggerResult onElement(T element, long timestamp, W window, TriggerContext ctx) throws Exception;

    /** Called when a processing-time timer of {@code window} fires. */
    public abstract TriggerResult onProcessingTime(long time, W window, TriggerContext ctx) throws Exception;

    /** Called when an event-time timer of {@code window} fires. */
    public abstract TriggerResult onEventTime(long time, W window, TriggerContext ctx) throws Exception;

    /** Whether this trigger supports merging windows (sessions). */
    public boolean canMerge() {
        return false;
    }

    /** Called when windows merge into {@code window}: merge state and re-register timers. */
    public void onMerge(W window, OnMergeContext ctx) throws Exception {
        throw new UnsupportedOperationException("trigger must support merging to be used with merging windows: trigger="
                + getClass().getSimpleName());
    }

    /** Called when {@code window} is purged or cleaned up: delete its timers and state. */
    public abstract void clear(W window, TriggerContext ctx) throws Exception;

    /** What a trigger can do for the current key and window. */
    public interface TriggerContext {

        long getCurrentProcessingTime();

        long getCurrentWatermark();

        void registerProcessingTimeTimer(long time);

        void registerEventTimeTimer(long time);

        void deleteProcessingTimeTimer(long time);

        void deleteEventTimeTimer(long time);

        /** State scoped to the current key and window. */
        <S extends State> S getPartitionedState(StateDescriptor<S> descriptor);
    }

    /** The context of {@link #onMerge}: can merge the partitioned state of the merged windows. */
    public interface OnMergeContext extends TriggerContext {

        /** Merges the state of the merged windows into the new window; reducing, aggregating and list state only. */
        void mergePartitionedState(StateDescriptor<?> descriptor);
    }
}
