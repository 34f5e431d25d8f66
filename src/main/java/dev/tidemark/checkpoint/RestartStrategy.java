package dev.tidemark.checkpoint;

import java.time.Duration;
import java.util.Objects;

/**
 * What a job does when one of its operators fails: end as failed, or restore every operator from the
 * latest completed checkpoint (from scratch if there is none) and go on. Without checkpointing a
 * restart starts from scratch, so sources replay their input.
 */
public sealed interface RestartStrategy {

    /** Fail the job at the first failure (the default). */
    static RestartStrategy none() {
        return new None();
    }

    /** Restart after {@code delay}, at most {@code attempts} times over the job's life. */
    static RestartStrategy fixedDelay(int attempts, Duration delay) {
        return new FixedDelay(attempts, delay);
    }

    /** Restart after {@code delay}, unless more than {@code maxFailures} failures fall within {@code interval}. */
    static RestartStrategy failureRate(int maxFailures, Duration interval, Duration delay) {
        return new FailureRate(maxFailures, interval, delay);
    }

    /** Never restart. */
    record None() implements RestartStrategy {}

    /** At most {@code attempts} restarts, each after {@code delay}. */
    record FixedDelay(int attempts, Duration delay) implements RestartStrategy {
        public FixedDelay {
            if (attempts < 0) {
                throw new IllegalArgumentException("attempts must not be negative: attempts=" + attempts);
            }
            checkDelay(delay);
        }
    }

    /** Restarts after {@code delay} while at most {@code maxFailures} failures fall in any window of {@code interval}. */
    record FailureRate(int maxFailures, Duration interval, Duration delay) implements RestartStrategy {
        public FailureRate {
            if (maxFailures < 1) {
                throw new IllegalArgumentException("maxFailures must be at least 1: maxFailures=" + maxFailures);
            }
            Objects.requireNonNull(interval, "interval must not be null");
            if (interval.isNegative() || interval.isZero()) {
                throw new IllegalArgumentException("interval must be positive: interval=" + interval);
            }
            checkDelay(delay);
        }
    }

    private static void checkDelay(Duration delay) {
        Objects.requireNonNull(delay, "delay must not be null");
        if (delay.isNegative()) {
            throw new IllegalArgumentException("delay must not be negative: delay=" + delay);
        }
    }
}
