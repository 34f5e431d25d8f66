package dev.tidemark.windowing.assigners;

import dev.tidemark.windowing.triggers.ProcessingTimeTrigger;
import dev.tidemark.windowing.triggers.Trigger;
import dev.tidemark.windowing.windows.TimeWindow;
import dev.tidemark.windowing.time.Time;
import java.time.Duration;

/** Fixed-size, non-overlapping windows of processing time, fired by the processing-time clock. */
public final class TumblingProcessingTimeWindows extends WindowAssigner<Object, TimeWindow> {

    private static final long serialVersionUID = 1L;

    private final long size;
    private final long offset;

    private TumblingProcessingTimeWindows(long size, long offset) {
        this.size = size;
        this.offset = offset;
    }

    public static TumblingProcessingTimeWindows of(Duration size) {
        return of(size, Duration.ZERO);
    }

    /** @throws IllegalArgumentException if size is not positive or {@code |offset| >= size} */
    public static TumblingProcessingTimeWindows of(Duration size, Duration offset) {
        long sizeMillis = positiveMillis(size, "size");
        return new TumblingProcessingTimeWindows(sizeMillis, offsetMillis(offset, sizeMillis, "size"));
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
        long now = context.getCurrentProcessingTime();
        long back = TimeWindow.positionInPeriod(now, offset, size);
        out.collect(new TimeWindow(TimeWindow.startBefore(now, back), TimeWindow.endAfter(now, size - back)));
    }

    @Override
    public Trigger<Object, TimeWindow> getDefaultTrigger() {
        return ProcessingTimeTrigger.create();
    }

    @Override
    public boolean isEventTime() {
        return false;
    }

    /** As {@link #of(Duration)}, with Flink 1.x's {@link Time}. */
    public static TumblingProcessingTimeWindows of(Time size) {
        return of(Time.toDuration(size, "size"));
    }

    /** As {@link #of(Duration, Duration)}, with Flink 1.x's {@link Time}. */
    public static TumblingProcessingTimeWindows of(Time size, Time offset) {
        return of(Time.toDuration(size, "size"), Time.toDuration(offset, "offset"));
    }
}
