package dev.tidemark.windowing.triggers;

import dev.tidemark.windowing.windows.Window;

/** Fires a window when the processing-time clock reaches its {@code maxTimestamp()}. */
public final class ProcessingTimeTrigger extends Trigger<Object, Window> {

    private static final long serialVersionUID = 1L;
    private static final ProcessingTimeTrigger INSTANCE = new ProcessingTimeTrigger();

    private ProcessingTimeTrigger() {}

    @SuppressWarnings("unchecked")
    public static <W extends Window> Trigger<Object, W> create() {
        return (Trigger<Object, W>) (Trigger<Object, ?>) INSTANCE;
    }

    @Override
    public TriggerResult onElement(Object element, long timestamp, Window window, TriggerContext ctx) {
        ctx.registerProcessingTimeTimer(window.maxTimestamp());
        return TriggerResult.CONTINUE;
    }

    @Override
    public TriggerResult onEventTime(long time, Window window, TriggerContext ctx) {
        return TriggerResult.CONTINUE;
    }

    @Override
    public TriggerResult onProcessingTime(long time, Window window, TriggerContext ctx) {
        return TriggerResult.FIRE;
    }

    @Override
    public boolean canMerge() {
        return true;
    }

    @Override
    public void onMerge(Window window, OnMergeContext ctx) {
        if (window.maxTimestamp() > ctx.getCurrentProcessingTime()) {
            ctx.registerProcessingTimeTimer(window.maxTimestamp());
        }
    }

    @Override
    public void clear(Window window, TriggerContext ctx) {
        ctx.deleteProcessingTimeTimer(window.maxTimestamp());
    }
}
