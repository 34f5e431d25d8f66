package dev.tidemark.eventtime;

import java.io.Serializable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The classic periodic assigner for ascending timestamps.
 *
 * <p>Watermark values (identical to Flink's class of the same name): {@code maxTimestamp - 1}, and
 * {@code Long.MIN_VALUE} before the first element. A timestamp smaller than the highest seen so far
 * violates monotony; the element keeps its timestamp (and will usually be late) and the
 * {@link MonotonyViolationHandler} decides what else happens. The default handler logs.
 *
 * @param <T> the element type
 */
public abstract class AscendingTimestampExtractor<T> implements AssignerWithPeriodicWatermarks<T> {

    private static final long serialVersionUID = 1L;

    private long currentTimestamp = Long.MIN_VALUE;
    private MonotonyViolationHandler violationHandler = new LoggingHandler();

    /** Extracts the element's timestamp, expected to never decrease. */
    public abstract long extractAscendingTimestamp(T element);

    /** Replaces the handler for timestamps that go backwards; returns {@code this}. */
    public AscendingTimestampExtractor<T> withViolationHandler(MonotonyViolationHandler handler) {
        this.violationHandler = java.util.Objects.requireNonNull(handler, "violation handler must not be null");
        return this;
    }

    @Override
    public final long extractTimestamp(T element, long previousElementTimestamp) {
        long timestamp = extractAscendingTimestamp(element);
        if (timestamp >= currentTimestamp) {
            currentTimestamp = timestamp;
        } else {
            violationHandler.handleViolation(timestamp, currentTimestamp);
        }
        return timestamp;
    }

    @Override
    public final Watermark getCurrentWatermark() {
        return new Watermark(currentTimestamp == Long.MIN_VALUE ? Long.MIN_VALUE : currentTimestamp - 1);
    }

    /** Decides what a timestamp smaller than its predecessor does. */
    @FunctionalInterface
    public interface MonotonyViolationHandler extends Serializable {

        /** Called with the offending timestamp and the highest timestamp seen before it. */
        void handleViolation(long elementTimestamp, long lastTimestamp);
    }

    /** Ignores violations. */
    public static final class IgnoringHandler implements MonotonyViolationHandler {
        private static final long serialVersionUID = 1L;

        @Override
        public void handleViolation(long elementTimestamp, long lastTimestamp) {}
    }

    /** Fails the job with an {@link IllegalStateException} naming both timestamps. */
    public static final class FailingHandler implements MonotonyViolationHandler {
        private static final long serialVersionUID = 1L;

        @Override
        public void handleViolation(long elementTimestamp, long lastTimestamp) {
            throw new IllegalStateException("timestamps must be ascending: elementTimestamp=" + elementTimestamp
                    + ", lastTimestamp=" + lastTimestamp + "; use a bounded out-of-orderness strategy for disorder");
        }
    }

    /** Logs each violation at WARN (the default). */
    public static final class LoggingHandler implements MonotonyViolationHandler {
        private static final long serialVersionUID = 1L;
        private static final Logger LOG = LoggerFactory.getLogger(AscendingTimestampExtractor.class);

        @Override
        public void handleViolation(long elementTimestamp, long lastTimestamp) {
            LOG.warn("Timestamp monotony violated: elementTimestamp={}, lastTimestamp={}", elementTimestamp, lastTimestamp);
        }
    }
}
