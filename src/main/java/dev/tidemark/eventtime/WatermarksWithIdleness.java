package dev.tidemark.eventtime;

import java.time.Duration;

/**
 * Wraps a generator and marks the output idle when no element arrived for the idle timeout, so a
 * silent input does not hold back the watermark of operators that combine several inputs.
 *
 * <p>Idleness is checked at each periodic emission, against the task's processing-time clock (the
 * driver's virtual clock under test): the first emission that sees no new element starts the
 * inactivity period, and an emission more than {@code idleTimeout} after that start marks the output
 * idle instead of asking the wrapped generator; it is marked idle once, not again at each emission
 * until an element comes (as in Flink). The next element makes the wrapped generator's watermarks
 * flow again, and emitting one marks the output active.
 *
 * @param <T> the element type
 */
public final class WatermarksWithIdleness<T> implements WatermarkGenerator<T> {

    private final WatermarkGenerator<T> delegate;
    private final WatermarkGeneratorSupplier.Context clock;
    private final long idleTimeoutMillis;

    private long eventsSinceLastCheck;
    private boolean inactive;
    private long inactiveSince;
    private boolean markedIdle;

    /**
     * @param delegate the generator whose watermarks are passed on while the input is active
     * @param idleTimeout how long without elements makes the input idle; at least 1 ms
     * @param clock the processing-time clock
     */
    public WatermarksWithIdleness(
            WatermarkGenerator<T> delegate, Duration idleTimeout, WatermarkGeneratorSupplier.Context clock) {
        this.delegate = java.util.Objects.requireNonNull(delegate, "delegate must not be null");
        this.idleTimeoutMillis = Durations.positiveMillis(idleTimeout, "idleTimeout");
        this.clock = java.util.Objects.requireNonNull(clock, "clock must not be null");
    }

    @Override
    public void onEvent(T event, long eventTimestamp, WatermarkOutput output) {
        eventsSinceLastCheck++;
        markedIdle = false;
        delegate.onEvent(event, eventTimestamp, output);
    }

    @Override
    public void onPeriodicEmit(WatermarkOutput output) {
        if (isIdle()) {
            if (!markedIdle) {
                markedIdle = true;
                output.markIdle();
            }
        } else {
            delegate.onPeriodicEmit(output);
        }
    }

    private boolean isIdle() {
        if (eventsSinceLastCheck > 0) {
            eventsSinceLastCheck = 0;
            inactive = false;
            return false;
        }
        long now = clock.currentProcessingTime();
        if (!inactive) {
            inactive = true;
            inactiveSince = now;
            return false;
        }
        return now - inactiveSince > idleTimeoutMillis;
    }
}
