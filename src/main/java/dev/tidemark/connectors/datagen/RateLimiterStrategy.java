package dev.tidemark.connectors.datagen;

import java.io.Serializable;

/**
 * How fast a {@link DataGeneratorSource} emits, over all its parallel instances together (each
 * instance gets its share), as Flink's strategies of that name.
 */
public final class RateLimiterStrategy implements Serializable {

    private static final long serialVersionUID = 1L;

    private final double recordsPerSecond; // 0: no limit

    private RateLimiterStrategy(double recordsPerSecond) {
        this.recordsPerSecond = recordsPerSecond;
    }

    /**
     * At most {@code recordsPerSecond} elements a second, in processing time.
     *
     * @throws IllegalArgumentException if not positive
     */
    public static RateLimiterStrategy perSecond(double recordsPerSecond) {
        if (!(recordsPerSecond > 0) || Double.isInfinite(recordsPerSecond)) {
            throw new IllegalArgumentException("rate must be positive and finite: recordsPerSecond=" + recordsPerSecond);
        }
        return new RateLimiterStrategy(recordsPerSecond);
    }

    /** As fast as the pipeline takes them. */
    public static RateLimiterStrategy noOp() {
        return new RateLimiterStrategy(0);
    }

    /** The nanoseconds between two elements of one of {@code parallelism} instances; 0 for no limit. */
    long nanosBetween(int parallelism) {
        return recordsPerSecond == 0 ? 0 : (long) (1e9 * parallelism / recordsPerSecond);
    }
}
