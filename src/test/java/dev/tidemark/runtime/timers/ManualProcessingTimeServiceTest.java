package dev.tidemark.runtime.timers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ManualProcessingTimeServiceTest {

    private final ManualProcessingTimeService clock = new ManualProcessingTimeService(0);
    private final List<String> fired = new ArrayList<>();

    @Test
    void advanceTo_firesDueTimersInTimeThenRegistrationOrder_atTheirOwnTime() throws Exception {
        clock.registerTimer(30, t -> fired.add("c@" + clock.currentProcessingTime()));
        clock.registerTimer(10, t -> fired.add("a@" + clock.currentProcessingTime()));
        clock.registerTimer(10, t -> fired.add("b@" + clock.currentProcessingTime()));
        clock.registerTimer(31, t -> fired.add("late"));
        clock.advanceTo(30);
        assertThat(fired).containsExactly("a@10", "b@10", "c@30");
        assertThat(clock.currentProcessingTime()).isEqualTo(30);
    }

    @Test
    void advanceTo_timerRegisteredWhileFiring_firesWithinTheSameAdvance() throws Exception {
        clock.registerTimer(100, new ProcessingTimeCallback() {
            @Override
            public void onProcessingTime(long timestamp) {
                fired.add("tick@" + timestamp);
                clock.registerTimer(timestamp + 100, this);
            }
        });
        clock.advanceTo(350);
        assertThat(fired).containsExactly("tick@100", "tick@200", "tick@300");
    }

    @Test
    void cancel_preventsFiring() throws Exception {
        clock.registerTimer(5, t -> fired.add("x")).cancel();
        clock.advanceTo(10);
        assertThat(fired).isEmpty();
    }

    @Test
    void advanceTo_past_isRejected() throws Exception {
        clock.advanceTo(10);
        assertThatThrownBy(() -> clock.advanceTo(9))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("processing time must not go backwards: now=10, target=9");
    }
}
