package dev.tidemark.windowing.triggers;

import dev.tidemark.windowing.windows.Window;
import dev.tidemark.windowing.time.Time;
import java.time.Duration;

/**
 * Fires a window every {@code interval} of event time (at multiples of the interval, counted from the
 * first element's timestamp) while it is open, and at its end, so long windows show early results.
 */
public final class ContinuousEventTimeTrigger<W extends Window> extends ContinuousTrigger<W> {

    private static final long serialVersionUID = 1L;

    private ContinuousEventTimeTrigger(long interval) {
        super(interval);
    }

    public static <W extends Window> ContinuousEventTimeTrigger<W> of(Duration interval) {
        return new ContinuousEventTimeTrigger<>(positiveMillis(interval));
    }

    @Override
    public TriggerResult onElement(Object element, long timestamp, W window, TriggerContext ctx) {
        if (window.maxTimestamp() <= ctx.getCurrentWatermark()) {
            return TriggerResult.FIRE;
        }
        ctx.registerEventTimeTimer(window.maxTimestamp());
        scheduleFirst(timestamp, window, ctx);
        return TriggerResult.CONTINUE;
    }

    @Override
    public TriggerResult onEventTime(long time, W window, TriggerContext ctx) {
        return onOwnTimer(time, window, ctx);
    }

    @Override
    public TriggerResult onProcessingTime(long time, W window, TriggerContext ctx) {
        return TriggerResult.CONTINUE;
    }

    @Override
    void registerTimer(TriggerContext ctx, long time) {
        ctx.registerEventTimeTimer(time);
    }

    @Override
    void deleteTimer(TriggerContext ctx, long time) {
        ctx.deleteEventTimeTimer(time);
    }

    /** As {@link #of(Duration)}, with Flink 1.x's {@link Time}. */
    public static <W extends Window> ContinuousEventTimeTrigger<W> of(Time interval) {
        return of(Time.toDuration(interval, "interval"));
    }
}
