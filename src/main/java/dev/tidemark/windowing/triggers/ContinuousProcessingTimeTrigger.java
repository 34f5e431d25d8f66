package dev.tidemark.windowing.triggers;

import dev.tidemark.windowing.windows.Window;
import dev.tidemark.windowing.time.Time;
import java.time.Duration;

/** Fires a window every {@code interval} of processing time while it is open, and at its end. */
public final class ContinuousProcessingTimeTrigger<W extends Window> extends ContinuousTrigger<W> {

    private static final long serialVersionUID = 1L;

    private ContinuousProcessingTimeTrigger(long interval) {
        super(interval);
    }

    public static <W extends Window> ContinuousProcessingTimeTrigger<W> of(Duration interval) {
        return new ContinuousProcessingTimeTrigger<>(positiveMillis(interval));
    }

    @Override
    public TriggerResult onElement(Object element, long timestamp, W window, TriggerContext ctx) {
        scheduleFirst(ctx.getCurrentProcessingTime(), window, ctx);
        return TriggerResult.CONTINUE;
    }

    @Override
    public TriggerResult onProcessingTime(long time, W window, TriggerContext ctx) {
        return onOwnTimer(time, window, ctx);
    }

    @Override
    public TriggerResult onEventTime(long time, W window, TriggerContext ctx) {
        return TriggerResult.CONTINUE;
    }

    @Override
    void registerTimer(TriggerContext ctx, long time) {
        ctx.registerProcessingTimeTimer(time);
    }

    @Override
    void deleteTimer(TriggerContext ctx, long time) {
        ctx.deleteProcessingTimeTimer(time);
    }

    /** As {@link #of(Duration)}, with Flink 1.x's {@link Time}. */
    public static <W extends Window> ContinuousProcessingTimeTrigger<W> of(Time interval) {
        return of(Time.toDuration(interval, "interval"));
    }
}
