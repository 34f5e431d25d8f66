package dev.tidemark.windowing.assigners;

import dev.tidemark.windowing.triggers.Trigger;
import dev.tidemark.windowing.windows.Window;
import java.io.Serializable;

/**
 * Decides which windows an element belongs to, and the trigger windows get unless one is set.
 *
 * <p>Windows are pushed into a {@link WindowCollector} the operator reuses, so assignment allocates
 * no list per element.
 *
 * <p>Threading: each parallel instance has its own copy, used by its task thread only, so an
 * assigner may cache (for example the last window it created).
 *
 * @param <T> the element type
 * @param <W> the window type
 */
public abstract class WindowAssigner<T, W extends Window> implements Serializable {

    private static final long serialVersionUID = 1L;

    /**
     * Collects the windows of {@code element}.
     *
     * @param timestamp the element's timestamp, {@code Long.MIN_VALUE} if it has none
     * @throws IllegalStateException if an event-time assigner gets an element without timestamp
     */
    public abstract void assignWindows(T element, long timestamp, Context context, WindowCollector<W> out);

    /** The trigger used unless {@code WindowedStream.trigger(...)} sets another. */
    public abstract Trigger<T, W> getDefaultTrigger();

    /** Whether windows are based on event time (and so subject to watermarks and lateness). */
    public abstract boolean isEventTime();

    /** What an assigner can ask the runtime. */
    public interface Context {
        /** The current processing time, for processing-time windows. */
        long getCurrentProcessingTime();
    }

    /** Receives assigned windows. */
    @FunctionalInterface
    public interface WindowCollector<W> {
        void collect(W window);
    }

    static IllegalStateException noTimestamp(String assigner) {
        return new IllegalStateException("record must have a timestamp for event-time windows: assigner=" + assigner
                + "; call assignTimestampsAndWatermarks(...) before window(...), or use processing-time windows");
    }

    static long positiveMillis(java.time.Duration duration, String name) {
        java.util.Objects.requireNonNull(duration, () -> name + " must not be null");
        if (duration.isNegative() || duration.isZero()) {
            throw new IllegalArgumentException(name + " must be positive: " + name + "=" + duration);
        }
        return dev.tidemark.eventtime.Durations.positiveMillis(duration, name);
    }

    static long offsetMillis(java.time.Duration offset, long size, String sizeName) {
        java.util.Objects.requireNonNull(offset, "offset must not be null");
        long millis = offset.isNegative() ? -dev.tidemark.eventtime.Durations.nonNegativeMillis(offset.negated(), "offset")
                : dev.tidemark.eventtime.Durations.nonNegativeMillis(offset, "offset");
        if (Math.abs(millis) >= size) {
            throw new IllegalArgumentException("offset must be smaller than the " + sizeName + ": offset=" + offset
                    + ", " + sizeName + "=" + size + "ms");
        }
        return millis;
    }
}
