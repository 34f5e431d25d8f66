package dev.tidemark.windowing.assigners;

import dev.tidemark.windowing.triggers.ProcessingTimeTrigger;
import dev.tidemark.windowing.triggers.Trigger;
import dev.tidemark.windowing.windows.TimeWindow;
import dev.tidemark.windowing.time.Time;
import java.time.Duration;

/** Sliding windows of processing time. */
public final class SlidingProcessingTimeWindows extends WindowAssigner<Object, TimeWindow> {

    private static final long serialVersionUID = 1L;

    private final long size;
    private final long slide;
    private final long offset;
    private final RecentWindows recent = new RecentWindows();

    private SlidingProcessingTimeWindows(long size, long slide, long offset) {
        this.size = size;
        this.slide = slide;
        this.offset = offset;
    }

    public static SlidingProcessingTimeWindows of(Duration size, Duration slide) {
        return of(size, slide, Duration.ZERO);
    }

    public static SlidingProcessingTimeWindows of(Duration size, Duration slide, Duration offset) {
        long sizeMillis = positiveMillis(size, "size");
        long slideMillis = positiveMillis(slide, "slide");
        return new SlidingProcessingTimeWindows(sizeMillis, slideMillis, offsetMillis(offset, slideMillis, "slide"));
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
        SlidingEventTimeWindows.collect(context.getCurrentProcessingTime(), size, slide, offset, recent, out);
    }

    @Override
    public Trigger<Object, TimeWindow> getDefaultTrigger() {
        return ProcessingTimeTrigger.create();
    }

    @Override
    public boolean isEventTime() {
        return false;
    }

    /** As {@link #of(Duration, Duration)}, with Flink 1.x's {@link Time}. */
    public static SlidingProcessingTimeWindows of(Time size, Time slide) {
        return of(Time.toDuration(size, "size"), Time.toDuration(slide, "slide"));
    }

    /** As {@link #of(Duration, Duration, Duration)}, with Flink 1.x's {@link Time}. */
    public static SlidingProcessingTimeWindows of(Time size, Time slide, Time offset) {
        return of(Time.toDuration(size, "size"), Time.toDuration(slide, "slide"), Time.toDuration(offset, "offset"));
    }
}
