package dev.tidemark.windowing.triggers;

import dev.tidemark.windowing.windows.Window;

/** Never fires: the default of global windows, which need an explicit trigger. */
public final class NeverTrigger extends Trigger<Object, Window> {

    private static final long serialVersionUID = 1L;
    private static final NeverTrigger INSTANCE = new NeverTrigger();

    private NeverTrigger() {}

    @SuppressWarnings("unchecked")
    public static <W extends Window> Trigger<Object, W> create() {
        return (Trigger<Object, W>) (Trigger<Object, ?>) INSTANCE;
    }

    @Override
    public TriggerResult onElement(Object element, long timestamp, Window window, TriggerContext ctx) {
        return TriggerResult.CONTINUE;
    }

    @Override
    public TriggerResult onEventTime(long time, Window window, TriggerContext ctx) {
        return TriggerResult.CONTINUE;
    }

    @Override
    public TriggerResult onProcessingTime(long time, Window window, TriggerContext ctx) {
        return TriggerResult.CONTINUE;
    }

    @Override
    public boolean canMerge() {
        return true;
    }

    @Override
    public void onMerge(Window window, OnMergeContext ctx) {}

    @Override
    public void clear(Window window, TriggerContext ctx) {}
}
