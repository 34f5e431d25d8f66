package dev.tidemark.windowing.triggers;

import dev.tidemark.state.ReducingState;
import dev.tidemark.state.ReducingStateDescriptor;
import dev.tidemark.windowing.windows.Window;

/** Fires a window once it holds {@code maxCount} elements since its last firing. */
public final class CountTrigger<W extends Window> extends Trigger<Object, W> {

    private static final long serialVersionUID = 1L;

    private final long maxCount;
    private final ReducingStateDescriptor<Long> countDescriptor =
            new ReducingStateDescriptor<>("count", Long::sum, Long.class);

    private CountTrigger(long maxCount) {
        this.maxCount = maxCount;
    }

    /** @throws IllegalArgumentException if {@code maxCount} is not positive */
    public static <W extends Window> CountTrigger<W> of(long maxCount) {
        if (maxCount < 1) {
            throw new IllegalArgumentException("maxCount must be positive: maxCount=" + maxCount);
        }
        return new CountTrigger<>(maxCount);
    }

    @Override
    public TriggerResult onElement(Object element, long timestamp, W window, TriggerContext ctx) {
        ReducingState<Long> count = ctx.getPartitionedState(countDescriptor);
        count.add(1L);
        if (count.get() >= maxCount) {
            count.clear();
            return TriggerResult.FIRE;
        }
        return TriggerResult.CONTINUE;
    }

    @Override
    public TriggerResult onEventTime(long time, W window, TriggerContext ctx) {
        return TriggerResult.CONTINUE;
    }

    @Override
    public TriggerResult onProcessingTime(long time, W window, TriggerContext ctx) {
        return TriggerResult.CONTINUE;
    }

    @Override
    public boolean canMerge() {
        return true;
    }

    @Override
    public void onMerge(W window, OnMergeContext ctx) {
        ctx.mergePartitionedState(countDescriptor);
    }

    @Override
    public void clear(W window, TriggerContext ctx) {
        ctx.getPartitionedState(countDescriptor).clear();
    }

    @Override
    public String toString() {
        return "CountTrigger(" + maxCount + ")";
    }
}
