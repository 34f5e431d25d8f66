package dev.tidemark.windowing.triggers;

import dev.tidemark.eventtime.Timestamps;
import dev.tidemark.state.ReducingState;
import dev.tidemark.state.ReducingStateDescriptor;
import dev.tidemark.windowing.windows.Window;
import java.time.Duration;

/** Fires a window every {@code interval} of processing time while it is open, and at its end. */
public final class ContinuousProcessingTimeTrigger<W extends Window> extends Trigger<Object, W> {

    private static final long serialVersionUID = 1L;

    private final long interval;
    private final ReducingStateDescriptor<Long> fireTimeDescriptor =
            new ReducingStateDescriptor<>("fire-time", Math::min, Long.class);

    private ContinuousProcessingTimeTrigger(long interval) {
        this.interval = interval;
    }

    public static <W extends Window> ContinuousProcessingTimeTrigger<W> of(Duration interval) {
        if (interval.isNegative() || interval.isZero()) {
            throw new IllegalArgumentException("interval must be positive: interval=" + interval);
        }
        return new ContinuousProcessingTimeTrigger<>(interval.toMillis());
    }

    @Override
    public TriggerResult onElement(Object element, long timestamp, W window, TriggerContext ctx) {
        ReducingState<Long> fireTime = ctx.getPartitionedState(fireTimeDescriptor);
        if (fireTime.get() == null) {
            long now = ctx.getCurrentProcessingTime();
            registerNext(now - Math.floorMod(now, interval), window, ctx, fireTime);
        }
        return TriggerResult.CONTINUE;
    }

    @Override
    public TriggerResult onProcessingTime(long time, W window, TriggerContext ctx) {
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
        ctx.registerProcessingTimeTimer(next);
    }

    @Override
    public TriggerResult onEventTime(long time, W window, TriggerContext ctx) {
        return TriggerResult.CONTINUE;
    }

    @Override
    public boolean canMerge() {
        return true;
    }

    @Override
    public void onMerge(W window, OnMergeContext ctx) {
        ctx.mergePartitionedState(fireTimeDescriptor);
        Long next = ctx.getPartitionedState(fireTimeDescriptor).get();
        if (next != null) {
            ctx.registerProcessingTimeTimer(next);
        }
    }

    @Override
    public void clear(W window, TriggerContext ctx) {
        ReducingState<Long> fireTime = ctx.getPartitionedState(fireTimeDescriptor);
        Long next = fireTime.get();
        if (next != null) {
            ctx.deleteProcessingTimeTimer(next);
            fireTime.clear();
        }
    }
}
