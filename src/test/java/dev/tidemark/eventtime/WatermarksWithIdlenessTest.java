package dev.tidemark.eventtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class WatermarksWithIdlenessTest {

    private long now;
    private final RecordingWatermarkOutput out = new RecordingWatermarkOutput();
    private final WatermarksWithIdleness<String> generator = new WatermarksWithIdleness<>(
            new BoundedOutOfOrdernessWatermarks<>(Duration.ZERO), Duration.ofMillis(1000), () -> now);

    @Test
    void onPeriodicEmit_silentLongerThanTimeout_marksIdle() {
        generator.onEvent("a", 100, out);
        generator.onPeriodicEmit(out); // activity seen
        now = 200;
        generator.onPeriodicEmit(out); // inactivity starts at 200
        now = 1200;
        generator.onPeriodicEmit(out); // exactly the timeout: not yet idle
        now = 1201;
        generator.onPeriodicEmit(out);
        assertThat(out.drain()).containsExactly(99L, 99L, 99L, "IDLE");
    }

    @Test
    void onEvent_afterIdle_resumesDelegateWatermarks() {
        generator.onPeriodicEmit(out);
        now = 5000;
        generator.onPeriodicEmit(out);
        assertThat(out.drain()).containsExactly(Long.MIN_VALUE, "IDLE");
        generator.onEvent("b", 7000, out);
        generator.onPeriodicEmit(out);
        assertThat(out.drain()).containsExactly(6999L);
    }

    @Test
    void constructor_zeroTimeout_isRejected() {
        assertThatThrownBy(() -> WatermarkStrategy.<String>forMonotonousTimestamps().withIdleness(Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("idleTimeout must be at least 1 ms: idleTimeout=PT0S");
    }
}
