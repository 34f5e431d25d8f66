package dev.tidemark.windowing.triggers;

import dev.tidemark.windowing.windows.Window;

/**
 * Fires a window when the watermark reaches its {@code maxTimestamp()}; an element added to a window
 * the watermark has already passed (possible with allowed lateness) fires it at once.
 */
public final class EventTimeTrigger extends Trigger<Object, Window> {

    private static final long serialVersionUID = 1L;
    private static final EventTimeTrigger INSTANCE = new EventTimeTrigger();

    private EventTimeTrigger() {}

    @SuppressWarnings("unchecked")
    public static <W extends Window> Trigger<Object, W> create() {
        return (Trigger<Object, W>) (Trigger<Object, ?>) INSTANCE;
    }

    @Override
    public TriggerResult onElement(Object element, long timestamp, Window window, TriggerContext ctx) {
        if (window.maxTimestamp() <= ctx.getCurrentWatermark()) {
            return TriggerResult.FIRE;
        }
        ctx.registerEventTimeTimer(window.maxTimestamp());
        return TriggerResult.CONTINUE;
    }

    @Override
    public TriggerResult onEventTime(long time, Window window, TriggerContext ctx) {
        return time == window.maxTimestamp() ? TriggerResult.FIRE : TriggerResult.CONTINUE;
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
    public void onMerge(Window window, OnMergeContext ctx) {
        if (window.maxTimestamp() > ctx.getCurrentWatermark()) {
            ctx.registerEventTimeTimer(window.maxTimestamp());
        }
    }

    @Override
    public void clear(Window window, TriggerContext ctx) {
        ctx.deleteEventTimeTimer(window.maxTimestamp());
    }

    @Override
    public String toString() {
        return "EventTimeTrigger()";
    }
}
