package dev.tidemark.runtime.operators.window;

import dev.tidemark.api.OutputTag;
import dev.tidemark.eventtime.Timestamps;
import dev.tidemark.runtime.metrics.Counter;
import dev.tidemark.runtime.operators.OperatorContext;
import dev.tidemark.runtime.operators.Output;
import dev.tidemark.windowing.windows.Window;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

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

    private static final Logger LOG = LoggerFactory.getLogger(Lateness.class);

    private final long allowedLateness;
    private final boolean eventTime;
    private final OutputTag<Object> lateTag;
    private final Output<?> output;
    private final Counter dropped;
    private final String operatorName;
    private boolean logged;

    Lateness(long allowedLateness, boolean eventTime, OutputTag<Object> lateTag, Output<?> output, Counter dropped,
            String operatorName) {
        this.allowedLateness = allowedLateness;
        this.eventTime = eventTime;
        this.lateTag = lateTag;
        this.output = output;
        this.dropped = dropped;
        this.operatorName = operatorName;
    }

    /** The rules of {@code spec}'s operator, with {@code allowedLateness}: late elements go to its late tag or are counted. */
    @SuppressWarnings("unchecked")
    static <W extends Window> Lateness<W> of(WindowOperatorSpec<?, ?, ?, W> spec, long allowedLateness, boolean eventTime,
            OperatorContext<?> context) {
        return new Lateness<>(allowedLateness, eventTime, (OutputTag<Object>) spec.lateTag(), context.output(),
                context.counter("numLateRecordsDropped"), context.operatorName());
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
        if (lateTag != null) {
            output.collect(lateTag, value, timestamp);
            return;
        }
        dropped.inc();
        if (!logged) {
            logged = true;
            LOG.warn("Dropping late records: operator={}, timestamp={}, watermark={}, allowedLateness={}ms;"
                    + " counted in {}.numLateRecordsDropped; use allowedLateness(...) or sideOutputLateData(...)"
                    + " to keep them", operatorName, timestamp, watermark, allowedLateness, operatorName);
        }
    }
}
