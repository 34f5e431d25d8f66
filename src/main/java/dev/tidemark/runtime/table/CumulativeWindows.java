package dev.tidemark.runtime.table;

import dev.tidemark.windowing.assigners.WindowAssigner;
import dev.tidemark.windowing.triggers.EventTimeTrigger;
import dev.tidemark.windowing.triggers.ProcessingTimeTrigger;
import dev.tidemark.windowing.triggers.Trigger;
import dev.tidemark.windowing.windows.TimeWindow;

/**
 * The windows of SQL's {@code CUMULATE(.., step, size)}: each period of {@code size} (aligned to the
 * epoch plus {@code offset}) has the windows {@code [s, s + step)}, {@code [s, s + 2 step)} .. {@code
 * [s, s + size)}, all starting at the period's start; an element belongs to those that end after it.
 * The first window of a period fires after one step, which is what makes CUMULATE give early
 * results for a long period. In processing time, an element's time is the clock's when it comes.
 */
final class CumulativeWindows extends WindowAssigner<Object, TimeWindow> {

    private static final long serialVersionUID = 1L;

    private final long step;
    private final long size;
    private final long offset;
    private final boolean eventTime;

    /** {@code size} must be a positive multiple of the positive {@code step}. */
    CumulativeWindows(long step, long size, long offset, boolean eventTime) {
        if (step <= 0 || size <= 0 || size % step != 0) {
            throw new IllegalArgumentException("CUMULATE needs a positive size that is a multiple of its step: step="
                    + step + "ms, size=" + size + "ms");
        }
        this.step = step;
        this.size = size;
        this.offset = offset;
        this.eventTime = eventTime;
    }

    @Override
    public void assignWindows(Object element, long timestamp, Context context, WindowCollector<TimeWindow> out) {
        if (!eventTime) {
            timestamp = context.getCurrentProcessingTime();
        } else if (timestamp == Long.MIN_VALUE) {
            throw new IllegalStateException("CUMULATE: a row without a rowtime");
        }
        long into = TimeWindow.positionInPeriod(timestamp, offset, size);
        long start = TimeWindow.startBefore(timestamp, into);
        // the first window that holds the element ends at the step after it, the last at the period's end
        for (long end = (into / step + 1) * step; end <= size; end += step) {
            out.collect(new TimeWindow(start, TimeWindow.endOf(start, end)));
        }
    }

    @Override
    public Trigger<Object, TimeWindow> getDefaultTrigger() {
        return eventTime ? EventTimeTrigger.create() : ProcessingTimeTrigger.create();
    }

    @Override
    public boolean isEventTime() {
        return eventTime;
    }
}
