package dev.tidemark.runtime.operators;

import dev.tidemark.api.functions.TimeDomain;

/**
 * What the context of a keyed function reports about the call in progress: the timestamp of the
 * element or timer, the timestamp results and side outputs carry (none for a processing-time timer),
 * and, during {@code onTimer}, the time domain.
 *
 * <p>Threading: the owning task's thread only.
 */
final class KeyedCallState {

    private final TimestampedCollector<?> collector;
    private long timestamp = Output.NO_TIMESTAMP;
    private TimeDomain timeDomain;

    KeyedCallState(TimestampedCollector<?> collector) {
        this.collector = collector;
    }

    /** An element with {@code elementTimestamp} is being processed. */
    void element(long elementTimestamp) {
        timestamp = elementTimestamp;
        timeDomain = null;
        collector.setTimestamp(elementTimestamp);
    }

    /** A timer at {@code timerTimestamp} of {@code domain} is firing. */
    void timer(long timerTimestamp, TimeDomain domain) {
        timestamp = timerTimestamp;
        timeDomain = domain;
        collector.setTimestamp(domain == TimeDomain.EVENT_TIME ? timerTimestamp : Output.NO_TIMESTAMP);
    }

    long timestamp() {
        return timestamp;
    }

    /** The timestamp of side outputs: the current one, or none during a processing-time timer. */
    long outputTimestamp() {
        return timeDomain == TimeDomain.PROCESSING_TIME ? Output.NO_TIMESTAMP : timestamp;
    }

    TimeDomain timeDomain() {
        if (timeDomain == null) {
            throw new IllegalStateException("timeDomain() must be called from onTimer only");
        }
        return timeDomain;
    }
}
