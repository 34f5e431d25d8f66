package dev.tidemark.runtime.timers;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class InternalTimerServiceTest {

    private final ManualProcessingTimeService clock = new ManualProcessingTimeService(0);
    private final List<String> fired = new ArrayList<>();
    private String currentKey;
    private InternalTimerService<String, String> service;

    InternalTimerServiceTest() {
        service = new InternalTimerService<>(clock, key -> currentKey = key, () -> currentKey, new Triggerable<>() {
            @Override
            public void onEventTime(String key, String namespace, long timestamp) {
                fired.add("E " + currentKey + " " + namespace + "@" + timestamp);
                if (namespace.equals("chain") && timestamp < 30) {
                    service.registerEventTimeTimer("chain", timestamp + 10);
                }
            }

            @Override
            public void onProcessingTime(String key, String namespace, long timestamp) {
                fired.add("P " + currentKey + "@" + timestamp + " now=" + clock.currentProcessingTime());
            }
        });
    }

    private void at(String key, Runnable registration) {
        currentKey = key;
        registration.run();
    }

    @Test
    void advanceWatermark_firesDueTimersInOrder_withTheirKeys_andTimersRegisteredWhileFiring() throws Exception {
        at("b", () -> service.registerEventTimeTimer("w", 20));
        at("a", () -> service.registerEventTimeTimer("w", 10));
        at("a", () -> service.registerEventTimeTimer("w", 10));
        at("c", () -> service.registerEventTimeTimer("chain", 15));
        at("d", () -> service.registerEventTimeTimer("w", 100));
        service.advanceWatermark(40);
        assertThat(fired).containsExactly("E a w@10", "E c chain@15", "E b w@20", "E c chain@25", "E c chain@35");
        assertThat(service.currentWatermark()).isEqualTo(40);
        assertThat(service.numEventTimeTimers()).isEqualTo(1);
    }

    @Test
    void deleteEventTimeTimer_preventsFiring() throws Exception {
        at("a", () -> service.registerEventTimeTimer("w", 10));
        at("a", () -> service.deleteEventTimeTimer("w", 10));
        service.advanceWatermark(Long.MAX_VALUE);
        assertThat(fired).isEmpty();
    }

    @Test
    void processingTimers_fireWhenTheClockReachesThem_earliestFirst() throws Exception {
        at("a", () -> service.registerProcessingTimeTimer("w", 300));
        at("b", () -> service.registerProcessingTimeTimer("w", 100));
        at("c", () -> service.registerProcessingTimeTimer("w", 200));
        at("c", () -> service.deleteProcessingTimeTimer("w", 200));
        clock.advanceTo(99);
        assertThat(fired).isEmpty();
        clock.advanceTo(1_000);
        assertThat(fired).containsExactly("P b@100 now=100", "P a@300 now=300");
        assertThat(clock.pendingTimers()).isZero();
    }
}
