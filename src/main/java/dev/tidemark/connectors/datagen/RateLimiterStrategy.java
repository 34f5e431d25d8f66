package dev.tidemark.connectors.datagen;

import java.io.Serializable;

/**
 * How fast a {@link DataGeneratorSource} emits, over all its parallel instances together (each
 * instance gets its share), as Flink's strategies of that name.
 */
public final class RateLimiterStrategy implements Serializable {

    private static final long serialVersionUID = 1L;

    private final double recordsPerSecond; // 0: no limit by time
    private final int recordsPerCheckpoint; // 0: no limit by checkpoints

    private RateLimiterStrategy(double recordsPerSecond, int recordsPerCheckpoint) {
        this.recordsPerSecond = recordsPerSecond;
        this.recordsPerCheckpoint = recordsPerCheckpoint;
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
        return new RateLimiterStrategy(recordsPerSecond, 0);
    }

    /**
     * {@code recordsPerCheckpoint} elements, then a pause until the next checkpoint completes, and
     * so on: output that lines up with checkpoints, as tests of exactly-once sinks want. Without
     * checkpointing the source stops after the first elements and waits, as Flink's does.
     *
     * @throws IllegalArgumentException if not positive
     */
    public static RateLimiterStrategy perCheckpoint(int recordsPerCheckpoint) {
        if (recordsPerCheckpoint < 1) {
            throw new IllegalArgumentException("records per checkpoint must be positive: recordsPerCheckpoint="
                    + recordsPerCheckpoint);
        }
        return new RateLimiterStrategy(0, recordsPerCheckpoint);
    }

    /** As fast as the pipeline takes them. */
    public static RateLimiterStrategy noOp() {
        return new RateLimiterStrategy(0, 0);
    }

    /** How many elements one of {@code parallelism} instances emits per checkpoint; 0 for no such limit. */
    int perCheckpointOf(int parallelism) {
        return recordsPerCheckpoint == 0 ? 0 : Math.max(1, recordsPerCheckpoint / parallelism);
    }

    /** The nanoseconds between two elements of one of {@code parallelism} instances; 0 for no limit. */
    long nanosBetween(int parallelism) {
        return recordsPerSecond == 0 ? 0 : (long) (1e9 * parallelism / recordsPerSecond);
    }
}
