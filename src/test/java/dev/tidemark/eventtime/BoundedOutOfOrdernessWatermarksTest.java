package dev.tidemark.eventtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class BoundedOutOfOrdernessWatermarksTest {

    private final RecordingWatermarkOutput out = new RecordingWatermarkOutput();

    @Test
    void onPeriodicEmit_beforeAnyElement_emitsMinValue() {
        var generator = new BoundedOutOfOrdernessWatermarks<String>(Duration.ofMillis(3500));
        generator.onPeriodicEmit(out);
        assertThat(out.drain()).containsExactly(Long.MIN_VALUE);
    }

    @Test
    void onPeriodicEmit_afterElements_emitsMaxMinusBoundMinusOne() {
        var generator = new BoundedOutOfOrdernessWatermarks<String>(Duration.ofMillis(3500));
        generator.onEvent("a", 10_000, out);
        generator.onEvent("b", 12_000, out);
        generator.onEvent("late", 9_000, out);
        assertThat(out.drain()).as("nothing per element").isEmpty();
        generator.onPeriodicEmit(out);
        assertThat(out.drain()).containsExactly(12_000L - 3_500 - 1);
    }

    @Test
    void onEvent_duplicateAndBackwardTimestamps_doNotMoveWatermarkBack() {
        var generator = new BoundedOutOfOrdernessWatermarks<String>(Duration.ZERO);
        generator.onEvent("a", 5, out);
        generator.onEvent("a", 5, out);
        generator.onPeriodicEmit(out);
        generator.onEvent("b", 1, out);
        generator.onPeriodicEmit(out);
        assertThat(out.drain()).containsExactly(4L, 4L);
    }

    @Test
    void onEvent_extremeTimestamps_doNotOverflow() {
        var generator = new BoundedOutOfOrdernessWatermarks<String>(Duration.ofMillis(10));
        generator.onEvent("min", Long.MIN_VALUE, out);
        generator.onPeriodicEmit(out);
        generator.onEvent("max", Long.MAX_VALUE, out);
        generator.onPeriodicEmit(out);
        assertThat(out.drain()).containsExactly(Long.MIN_VALUE, Long.MAX_VALUE - 11);
    }

    @Test
    void constructor_hugeBound_staysAboveMinValue() {
        var generator = new BoundedOutOfOrdernessWatermarks<String>(Duration.ofMillis(Long.MAX_VALUE));
        generator.onPeriodicEmit(out);
        generator.onEvent("x", 0, out);
        generator.onPeriodicEmit(out);
        assertThat(out.drain()).containsExactly(Long.MIN_VALUE, Long.MIN_VALUE);
    }

    @Test
    void constructor_negativeOrOverflowingBound_isRejectedWithName() {
        assertThatThrownBy(() -> new BoundedOutOfOrdernessWatermarks<String>(Duration.ofMillis(-1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("maxOutOfOrderness must not be negative: maxOutOfOrderness=PT-0.001S");
        assertThatThrownBy(() -> new BoundedOutOfOrdernessWatermarks<String>(Duration.ofSeconds(Long.MAX_VALUE)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("maxOutOfOrderness must fit in a long of milliseconds");
    }
}
