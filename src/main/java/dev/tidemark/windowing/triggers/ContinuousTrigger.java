package dev.tidemark.windowing.triggers;

import dev.tidemark.eventtime.Timestamps;
import dev.tidemark.state.ReducingState;
import dev.tidemark.state.ReducingStateDescriptor;
import dev.tidemark.windowing.windows.Window;

/**
 * What the two continuous triggers share: the next early firing time, kept as partitioned state,
 * at multiples of the interval and never after the window's end; firing there registers the next.
 * Subclasses say which clock's timers they use and what an element does.
 */
abstract sealed class ContinuousTrigger<W extends Window> extends Trigger<Object, W>
        permits ContinuousEventTimeTrigger, ContinuousProcessingTimeTrigger {

    private static final long serialVersionUID = 1L;

    private final long interval;
    private final ReducingStateDescriptor<Long> fireTimeDescriptor =
            new ReducingStateDescriptor<>("fire-time", Math::min, Long.class);

    ContinuousTrigger(long interval) {
        this.interval = interval;
    }

    static long positiveMillis(java.time.Duration interval) {
        return dev.tidemark.eventtime.Durations.positiveMillis(interval, "interval");
    }

    abstract void registerTimer(TriggerContext ctx, long time);

    abstract void deleteTimer(TriggerContext ctx, long time);

    /**
     * Schedules the first early firing one interval after {@code time} rounded toward zero to the
     * interval (Flink's rule: before the epoch that is the boundary after {@code time}), if none is pending.
     */
    final void scheduleFirst(long time, W window, TriggerContext ctx) {
        ReducingState<Long> fireTime = ctx.getPartitionedState(fireTimeDescriptor);
        if (fireTime.get() == null) {
            registerNext(time - time % interval, window, ctx, fireTime);
        }
    }

    /** A timer of this trigger's clock fired at {@code time}. */
    final TriggerResult onOwnTimer(long time, W window, TriggerContext ctx) {
        if (time == window.maxTimestamp()) {
            return TriggerResult.FIRE;
        }
        ReducingState<Long> fireTime = ctx.getPartitionedState(fireTimeDescriptor);
        Long next = fireTime.get();
        if (next != null && next == time) {
            fireTime.clear();
            registerNext(time, window, ctx, fireTime);
            return TriggerResult.FIRE;
        }
        return TriggerResult.CONTINUE;
    }

    private void registerNext(long time, W window, TriggerContext ctx, ReducingState<Long> fireTime) {
        long next = Math.min(Timestamps.saturatedAdd(time, interval), window.maxTimestamp());
        fireTime.add(next);
        registerTimer(ctx, next);
    }

    @Override
    public final boolean canMerge() {
        return true;
    }

    @Override
    public final void onMerge(W window, OnMergeContext ctx) {
        ctx.mergePartitionedState(fireTimeDescriptor);
        Long next = ctx.getPartitionedState(fireTimeDescriptor).get();
        if (next != null) {
            registerTimer(ctx, next);
        }
    }

    @Override
    public final void clear(W window, TriggerContext ctx) {
        ReducingState<Long> fireTime = ctx.getPartitionedState(fireTimeDescriptor);
        Long next = fireTime.get();
        if (next != null) {
            deleteTimer(ctx, next);
            fireTime.clear();
        }
    }
}
