package dev.tidemark.windowing.assigners;

import dev.tidemark.windowing.triggers.EventTimeTrigger;
import dev.tidemark.windowing.triggers.ProcessingTimeTrigger;
import dev.tidemark.windowing.triggers.Trigger;
import dev.tidemark.windowing.windows.TimeWindow;
import java.util.Collection;

/**
 * Session windows: each element opens {@code [t, t + gap)}, and windows of a key that overlap or
 * touch merge, so two elements exactly {@code gap} apart share a session. Created through
 * {@link EventTimeSessionWindows} and {@link ProcessingTimeSessionWindows}.
 */
public final class SessionWindows<T> extends MergingWindowAssigner<T, TimeWindow> {

    private static final long serialVersionUID = 1L;

    private final long gap;
    private final SessionWindowTimeGapExtractor<T> gapExtractor;
    private final boolean eventTime;

    SessionWindows(long gap, SessionWindowTimeGapExtractor<T> gapExtractor, boolean eventTime) {
        this.gap = gap;
        this.gapExtractor = gapExtractor;
        this.eventTime = eventTime;
    }

    @Override
    public void assignWindows(T element, long timestamp, Context context, WindowCollector<TimeWindow> out) {
        long time = eventTime ? timestamp : context.getCurrentProcessingTime();
        if (eventTime && time == Long.MIN_VALUE) {
            throw noTimestamp("EventTimeSessionWindows");
        }
        out.collect(new TimeWindow(time, TimeWindow.endOf(time, gapOf(element))));
    }

    /** Whether the gap is chosen per element (by a gap extractor) rather than fixed. */
    public boolean hasDynamicGap() {
        return gapExtractor != null;
    }

    /**
     * The gap after {@code element}: its session window is {@code [t, t + gap)}. The fixed gap, or
     * what the gap extractor chooses for the element.
     *
     * @throws IllegalArgumentException if the extractor chooses a gap that is not positive
     */
    public long gapOf(T element) {
        if (gapExtractor == null) {
            return gap;
        }
        long sessionGap = gapExtractor.extract(element);
        if (sessionGap <= 0) {
            throw new IllegalArgumentException("session gap must be positive: gap=" + sessionGap + ", element=" + element);
        }
        return sessionGap;
    }

    @Override
    public void mergeWindows(Collection<TimeWindow> windows, MergeCallback<TimeWindow> callback) {
        for (TimeWindow.Merge merge : TimeWindow.mergeWindows(windows)) {
            callback.merge(merge.merged(), merge.result());
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    public Trigger<T, TimeWindow> getDefaultTrigger() {
        Trigger<Object, TimeWindow> trigger = eventTime ? EventTimeTrigger.create() : ProcessingTimeTrigger.create();
        return (Trigger<T, TimeWindow>) (Trigger<?, TimeWindow>) trigger;
    }

    @Override
    public boolean isEventTime() {
        return eventTime;
    }
}
