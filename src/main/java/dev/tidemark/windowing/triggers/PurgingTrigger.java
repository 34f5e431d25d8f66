package dev.tidemark.windowing.triggers;

import dev.tidemark.windowing.windows.Window;

/** Wraps a trigger so that every firing also purges the window's contents. */
public final class PurgingTrigger<T, W extends Window> extends Trigger<T, W> {

    private static final long serialVersionUID = 1L;

    private final Trigger<T, W> nested;

    private PurgingTrigger(Trigger<T, W> nested) {
        this.nested = nested;
    }

    public static <T, W extends Window> PurgingTrigger<T, W> of(Trigger<T, W> nested) {
        return new PurgingTrigger<>(java.util.Objects.requireNonNull(nested, "nested trigger must not be null"));
    }

    private static TriggerResult purging(TriggerResult result) {
        return result.isFire() ? TriggerResult.FIRE_AND_PURGE : result;
    }

    @Override
    public TriggerResult onElement(T element, long timestamp, W window, TriggerContext ctx) throws Exception {
        return purging(nested.onElement(element, timestamp, window, ctx));
    }

    @Override
    public TriggerResult onEventTime(long time, W window, TriggerContext ctx) throws Exception {
        return purging(nested.onEventTime(time, window, ctx));
    }

    @Override
    public TriggerResult onProcessingTime(long time, W window, TriggerContext ctx) throws Exception {
        return purging(nested.onProcessingTime(time, window, ctx));
    }

    @Override
    public boolean canMerge() {
        return nested.canMerge();
    }

    @Override
    public void onMerge(W window, OnMergeContext ctx) throws Exception {
        nested.onMerge(window, ctx);
    }

    @Override
    public void clear(W window, TriggerContext ctx) throws Exception {
        nested.clear(window, ctx);
    }

    @Override
    public String toString() {
        return "PurgingTrigger(" + nested + ")";
    }
}
