package dev.tidemark.windowing.assigners;

import dev.tidemark.windowing.triggers.EventTimeTrigger;
import dev.tidemark.windowing.triggers.Trigger;
import dev.tidemark.windowing.windows.TimeWindow;
import dev.tidemark.windowing.time.Time;
import java.time.Duration;

/**
 * Windows of {@code size} starting every {@code slide}: an element belongs to
 * {@code ceil(size / slide)} windows (fewer when slide does not divide size), listed latest start
 * first.
 */
public final class SlidingEventTimeWindows extends WindowAssigner<Object, TimeWindow> {

    private static final long serialVersionUID = 1L;

    private final long size;
    private final long slide;
    private final long offset;
    private final RecentWindows recent = new RecentWindows();

    SlidingEventTimeWindows(long size, long slide, long offset) {
        this.size = size;
        this.slide = slide;
        this.offset = offset;
    }

    public static SlidingEventTimeWindows of(Duration size, Duration slide) {
        return of(size, slide, Duration.ZERO);
    }

    /** @throws IllegalArgumentException if size or slide is not positive, or {@code |offset| >= slide} */
    public static SlidingEventTimeWindows of(Duration size, Duration slide, Duration offset) {
        long sizeMillis = positiveMillis(size, "size");
        long slideMillis = positiveMillis(slide, "slide");
        return new SlidingEventTimeWindows(sizeMillis, slideMillis, offsetMillis(offset, slideMillis, "slide"));
    }

    /** The window size in milliseconds. */
    public long getSize() {
        return size;
    }

    /** How far apart window starts are, in milliseconds. */
    public long getSlide() {
        return slide;
    }

    /** The offset of window starts from the epoch, in milliseconds. */
    public long getOffset() {
        return offset;
    }

    @Override
    public void assignWindows(Object element, long timestamp, Context context, WindowCollector<TimeWindow> out) {
        if (timestamp == Long.MIN_VALUE) {
            throw noTimestamp("SlidingEventTimeWindows");
        }
        collect(timestamp, size, slide, offset, recent, out);
    }

    static void collect(long timestamp, long size, long slide, long offset, RecentWindows windows,
            WindowCollector<TimeWindow> out) {
        // back: how far the timestamp lies into each window, from the latest window on; no arithmetic
        // here can overflow, so windows at the ends of time are clipped, not lost
        for (long back = TimeWindow.positionInPeriod(timestamp, offset, slide); back < size; back += slide) {
            out.collect(windows.get(TimeWindow.startBefore(timestamp, back), TimeWindow.endAfter(timestamp, size - back)));
            if (back > Long.MAX_VALUE - slide) {
                break;
            }
        }
    }

    @Override
    public Trigger<Object, TimeWindow> getDefaultTrigger() {
        return EventTimeTrigger.create();
    }

    @Override
    public boolean isEventTime() {
        return true;
    }

    /** As {@link #of(Duration, Duration)}, with Flink 1.x's {@link Time}. */
    public static SlidingEventTimeWindows of(Time size, Time slide) {
        return of(Time.toDuration(size, "size"), Time.toDuration(slide, "slide"));
    }

    /** As {@link #of(Duration, Duration, Duration)}, with Flink 1.x's {@link Time}. */
    public static SlidingEventTimeWindows of(Time size, Time slide, Time offset) {
        return of(Time.toDuration(size, "size"), Time.toDuration(slide, "slide"), Time.toDuration(offset, "offset"));
    }
}
