package dev.tidemark.runtime.task;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tidemark.checkpoint.RestartStrategy;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class RestartTrackerTest {

    @Test
    void failureRate_countsOnlyFailuresInsideTheInterval() {
        RestartTracker tracker = new RestartTracker(
                RestartStrategy.failureRate(2, Duration.ofSeconds(10), Duration.ofMillis(100)));
        assertThat(tracker.onFailure(0)).isEqualTo(Duration.ofMillis(100));
        assertThat(tracker.onFailure(5_000)).isEqualTo(Duration.ofMillis(100));
        assertThat(tracker.onFailure(9_999)).as("three failures within 10 s").isNull();
        assertThat(tracker.onFailure(30_000)).as("the window moved on").isEqualTo(Duration.ofMillis(100));
    }

    @Test
    void fixedDelay_countsRestartsOverTheJobsLife() {
        RestartTracker tracker = new RestartTracker(RestartStrategy.fixedDelay(2, Duration.ZERO));
        assertThat(tracker.onFailure(0)).isEqualTo(Duration.ZERO);
        assertThat(tracker.onFailure(1_000_000)).isEqualTo(Duration.ZERO);
        assertThat(tracker.onFailure(2_000_000)).isNull();
        assertThat(tracker.restarts()).isEqualTo(2);
    }
}
