package dev.tidemark.runtime.task;

import dev.tidemark.checkpoint.RestartStrategy;
import java.time.Duration;
import java.util.ArrayDeque;

/**
 * Decides, failure by failure, whether a job restarts and after what delay, as its
 * {@link RestartStrategy} says.
 *
 * <p>Threading: guarded by the job's lock.
 */
final class RestartTracker {

    private final RestartStrategy strategy;
    private final ArrayDeque<Long> recentFailures = new ArrayDeque<>();
    private int restarts;

    RestartTracker(RestartStrategy strategy) {
        this.strategy = strategy;
    }

    /** Records a failure at {@code nowMillis}; the delay before restarting, or {@code null} if the job must fail. */
    Duration onFailure(long nowMillis) {
        Duration delay = null;
        if (strategy instanceof RestartStrategy.FixedDelay fixed) {
            delay = restarts < fixed.attempts() ? fixed.delay() : null;
        } else if (strategy instanceof RestartStrategy.FailureRate rate) {
            recentFailures.addLast(nowMillis);
            while (recentFailures.peekFirst() <= nowMillis - rate.interval().toMillis()) {
                recentFailures.removeFirst();
            }
            delay = recentFailures.size() <= rate.maxFailures() ? rate.delay() : null;
        }
        if (delay != null) {
            restarts++;
        }
        return delay;
    }

    /** How many restarts were granted. */
    int restarts() {
        return restarts;
    }
}
