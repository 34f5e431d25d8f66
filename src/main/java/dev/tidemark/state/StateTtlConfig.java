package dev.tidemark.state;

import java.io.Serializable;
import java.time.Duration;
import java.util.Objects;

/**
 * Time-to-live of keyed state: a value not written (or, optionally, read) for {@code ttl} expires
 * and reads as absent.
 *
 * <p>Time can be processing time (as in Flink) or event time: in event time a value written while
 * processing an element with timestamp {@code t} (or a timer at {@code t}) expires once the
 * watermark reaches {@code t + ttl}. Expired values are never returned and are removed when
 * accessed.
 *
 * @param ttl how long a value lives; at least 1 ms
 * @param timeDomain which clock measures it
 * @param refreshOnRead whether reads also restart the time-to-live (Flink's {@code OnReadAndWrite})
 */
public record StateTtlConfig(Duration ttl, TimeDomain timeDomain, boolean refreshOnRead) implements Serializable {

    /** The clock that measures time-to-live. */
    public enum TimeDomain {
        /** The machine's clock (virtual time under the test driver). */
        PROCESSING_TIME,
        /** The timestamps of elements and timers, against the watermark. */
        EVENT_TIME
    }

    public StateTtlConfig {
        Objects.requireNonNull(ttl, "ttl must not be null");
        Objects.requireNonNull(timeDomain, "timeDomain must not be null");
        if (ttl.isNegative() || ttl.isZero()) {
            throw new IllegalArgumentException("ttl must be at least 1 ms: ttl=" + ttl);
        }
        try {
            ttl.toMillis();
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException("ttl must fit in a long of milliseconds: ttl=" + ttl, e);
        }
    }

    /** Processing-time TTL, refreshed on writes. */
    public static StateTtlConfig processingTime(Duration ttl) {
        return new StateTtlConfig(ttl, TimeDomain.PROCESSING_TIME, false);
    }

    /** Event-time TTL, refreshed on writes. */
    public static StateTtlConfig eventTime(Duration ttl) {
        return new StateTtlConfig(ttl, TimeDomain.EVENT_TIME, false);
    }

    /** This configuration, with reads also restarting the time-to-live. */
    public StateTtlConfig refreshedOnRead() {
        return new StateTtlConfig(ttl, timeDomain, true);
    }

    /** The time-to-live in milliseconds. */
    public long ttlMillis() {
        return ttl.toMillis();
    }
}
