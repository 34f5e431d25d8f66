package dev.tidemark.windowing.assigners;

import dev.tidemark.windowing.triggers.EventTimeTrigger;
import dev.tidemark.windowing.triggers.Trigger;
import dev.tidemark.windowing.windows.TimeWindow;
import dev.tidemark.windowing.time.Time;
import java.time.Duration;

/**
 * Fixed-size, non-overlapping event-time windows: an element with timestamp {@code t} belongs to
 * {@code [start, start + size)} with {@code start = t - ((t - offset) mod size)} (remainder in
 * {@code [0, size)}, so negative timestamps work). Fires when the watermark reaches
 * {@code start + size - 1}. At the ends of the time line a window is clipped: its start saturates at
 * {@code Long.MIN_VALUE} and its end at {@code Long.MAX_VALUE}, so every element has a window.
 */
public final class TumblingEventTimeWindows extends WindowAssigner<Object, TimeWindow> {

    private static final long serialVersionUID = 1L;

    private final long size;
    private final long offset;
    private final RecentWindows recent = new RecentWindows();
    private transient TimeWindow last; // most elements fall in the window before them: no arithmetic

    private TumblingEventTimeWindows(long size, long offset) {
        this.size = size;
        this.offset = offset;
    }

    /** Windows of {@code size}, aligned to the epoch. */
    public static TumblingEventTimeWindows of(Duration size) {
        return of(size, Duration.ZERO);
    }

    /**
     * Windows of {@code size}, shifted by {@code offset} (for example {@code -8h} for days in UTC+8).
     *
     * @throws IllegalArgumentException if size is not positive or {@code |offset| >= size}
     */
    public static TumblingEventTimeWindows of(Duration size, Duration offset) {
        long sizeMillis = positiveMillis(size, "size");
        return new TumblingEventTimeWindows(sizeMillis, offsetMillis(offset, sizeMillis, "size"));
    }

    /** The window size in milliseconds. */
    public long getSize() {
        return size;
    }

    /** The offset of window starts from the epoch, in milliseconds. */
    public long getOffset() {
        return offset;
    }

    @Override
    public void assignWindows(Object element, long timestamp, Context context, WindowCollector<TimeWindow> out) {
        if (timestamp == Long.MIN_VALUE) {
            throw noTimestamp("TumblingEventTimeWindows");
        }
        TimeWindow window = last;
        if (window == null || timestamp < window.start() || timestamp >= window.end()) {
            long back = TimeWindow.positionInPeriod(timestamp, offset, size);
            window = last = recent.get(TimeWindow.startBefore(timestamp, back), TimeWindow.endAfter(timestamp, size - back));
        }
        out.collect(window);
    }

    @Override
    public Trigger<Object, TimeWindow> getDefaultTrigger() {
        return EventTimeTrigger.create();
    }

    @Override
    public boolean isEventTime() {
        return true;
    }

    @Override
    public String toString() {
        return "TumblingEventTimeWindows(" + size + ")";
    }

    /** As {@link #of(Duration)}, with Flink 1.x's {@link Time}. */
    public static TumblingEventTimeWindows of(Time size) {
        return of(Time.toDuration(size, "size"));
    }

    /** As {@link #of(Duration, Duration)}, with Flink 1.x's {@link Time}. */
    public static TumblingEventTimeWindows of(Time size, Time offset) {
        return of(Time.toDuration(size, "size"), Time.toDuration(offset, "offset"));
    }
}
