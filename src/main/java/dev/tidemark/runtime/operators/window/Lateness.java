package dev.tidemark.runtime.operators.window;

import dev.tidemark.eventtime.Timestamps;
import dev.tidemark.runtime.operators.LateRecords;
import dev.tidemark.runtime.operators.OperatorContext;
import dev.tidemark.windowing.windows.Window;

/**
 * The lateness rules of a window operator, as Flink's:
 * <ul>
 *   <li>cleanup time of an event-time window: {@code maxTimestamp + allowedLateness}, saturating at
 *       {@code Long.MAX_VALUE}; of a processing-time window: {@code maxTimestamp};
 *   <li>a window is late when its cleanup time is ≤ the watermark (event time only);
 *   <li>an element is late when every window it belongs to is late and
 *       {@code timestamp + allowedLateness ≤ watermark}: it goes to the late side output if there is
 *       one, otherwise it is dropped and counted ({@code numLateRecordsDropped}); the first drop is
 *       logged, once.
 * </ul>
 *
 * <p>Threading: the owning task's thread only.
 */
final class Lateness<W extends Window> {

    private final long allowedLateness;
    private final boolean eventTime;
    private final LateRecords late;

    Lateness(long allowedLateness, boolean eventTime, LateRecords late) {
        this.allowedLateness = allowedLateness;
        this.eventTime = eventTime;
        this.late = late;
    }

    /** The rules of {@code spec}'s operator, with {@code allowedLateness}: late elements go to its late tag or are counted. */
    static <W extends Window> Lateness<W> of(WindowOperatorSpec<?, ?, ?, W> spec, long allowedLateness, boolean eventTime,
            OperatorContext<?> context) {
        return new Lateness<>(allowedLateness, eventTime, new LateRecords(spec.lateTag(), context,
                "allowedLateness=" + allowedLateness + "ms; use allowedLateness(...) or sideOutputLateData(...)"));
    }
    boolean isEventTime() {
        return eventTime;
    }

    long cleanupTime(W window) {
        return cleanupTime(window.maxTimestamp());
    }

    /** The cleanup time of a window whose last timestamp is {@code maxTimestamp}. */
    long cleanupTime(long maxTimestamp) {
        return eventTime ? Timestamps.saturatedAdd(maxTimestamp, allowedLateness) : maxTimestamp;
    }

    boolean isCleanupTime(W window, long time) {
        return time == cleanupTime(window);
    }

    boolean isWindowLate(W window, long watermark) {
        return isWindowLate(window.maxTimestamp(), watermark);
    }

    /** Whether a window whose last timestamp is {@code maxTimestamp} is late. */
    boolean isWindowLate(long maxTimestamp, long watermark) {
        return eventTime && cleanupTime(maxTimestamp) <= watermark;
    }

    boolean isElementLate(long timestamp, long watermark) {
        return eventTime && Timestamps.saturatedAdd(timestamp, allowedLateness) <= watermark;
    }

    void onLateElement(Object value, long timestamp, long watermark) {
        late.late(value, timestamp, watermark);
    }
}
