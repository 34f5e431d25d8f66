package dev.tidemark.runtime.task;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tidemark.eventtime.Watermark;
import dev.tidemark.runtime.operators.WatermarkStatus;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class WatermarkValveTest {

    private final List<Object> out = new ArrayList<>();
    private long now;

    private WatermarkValve valve(int channels) {
        return new WatermarkValve(channels, new WatermarkValve.Listener() {
            @Override
            public void onWatermark(Watermark watermark) {
                out.add(watermark.useProcessingTime() ? "PT" + watermark.timestamp() : watermark.timestamp());
            }

            @Override
            public void onStatus(WatermarkStatus status) {
                out.add(status);
            }
        }, () -> now);
    }

    @Test
    void inputWatermark_singleChannel_forwardsOnlyIncreasingWatermarks() throws Exception {
        WatermarkValve valve = valve(1);
        valve.inputWatermark(0, new Watermark(5));
        valve.inputWatermark(0, new Watermark(5));
        valve.inputWatermark(0, new Watermark(3));
        valve.inputWatermark(0, new Watermark(Long.MIN_VALUE));
        valve.inputWatermark(0, new Watermark(8));
        assertThat(out).containsExactly(5L, 8L);
        assertThat(valve.currentWatermark()).isEqualTo(8);
    }

    @Test
    void inputWatermark_twoChannels_forwardsMinimum_silentChannelHoldsBack() throws Exception {
        WatermarkValve valve = valve(2);
        valve.inputWatermark(0, new Watermark(10));
        assertThat(out).as("channel 1 never sent one: held at Long.MIN_VALUE").isEmpty();
        valve.inputWatermark(1, new Watermark(4));
        valve.inputWatermark(1, new Watermark(12));
        valve.inputWatermark(0, new Watermark(15));
        assertThat(out).containsExactly(4L, 10L, 12L);
    }

    @Test
    void inputStatus_idleChannel_doesNotHoldBack_andItsWatermarksAreIgnored() throws Exception {
        WatermarkValve valve = valve(2);
        valve.inputWatermark(0, new Watermark(10));
        valve.inputStatus(1, WatermarkStatus.IDLE);
        valve.inputWatermark(1, new Watermark(3));
        valve.inputWatermark(0, new Watermark(20));
        assertThat(out).containsExactly(10L, 20L);
    }

    @Test
    void inputStatus_allIdle_flushesMaximumThenForwardsIdle_andActiveOnReturn() throws Exception {
        WatermarkValve valve = valve(2);
        valve.inputWatermark(0, new Watermark(10));
        valve.inputWatermark(1, new Watermark(30));
        valve.inputStatus(0, WatermarkStatus.IDLE);
        valve.inputStatus(1, WatermarkStatus.IDLE);
        valve.inputStatus(1, WatermarkStatus.ACTIVE);
        valve.inputStatus(1, WatermarkStatus.ACTIVE);
        assertThat(out).containsExactly(10L, 30L, WatermarkStatus.IDLE, WatermarkStatus.ACTIVE);
    }

    @Test
    void reactivatedChannel_countsOnlyOnceCaughtUp() throws Exception {
        WatermarkValve valve = valve(2);
        valve.inputWatermark(0, new Watermark(5));
        valve.inputWatermark(1, new Watermark(5));
        valve.inputStatus(1, WatermarkStatus.IDLE);
        valve.inputWatermark(0, new Watermark(50));
        valve.inputStatus(1, WatermarkStatus.ACTIVE); // channel 1 is at 5, behind 50: not aligned
        valve.inputWatermark(0, new Watermark(60));
        valve.inputWatermark(1, new Watermark(40)); // still behind: does not pull the minimum back
        valve.inputWatermark(1, new Watermark(55)); // caught up (55 >= 50): aligned, minimum is 55
        valve.inputWatermark(1, new Watermark(70));
        assertThat(out).containsExactly(5L, 50L, 60L);
        valve.inputWatermark(0, new Watermark(80));
        assertThat(out).containsExactly(5L, 50L, 60L, 70L);
    }

    @Test
    void finalWatermark_onEveryChannel_stepsThroughTheOthersFirst() throws Exception {
        WatermarkValve valve = valve(2);
        valve.inputWatermark(0, new Watermark(10));
        valve.inputWatermark(1, new Watermark(20));
        valve.inputWatermark(0, Watermark.MAX_WATERMARK);
        valve.inputWatermark(1, Watermark.MAX_WATERMARK);
        assertThat(out).containsExactly(10L, 20L, Long.MAX_VALUE);
    }

    @Test
    void processingTimeWatermarks_channelsFollowingTheClockCountAsNow_untilAllDo() throws Exception {
        WatermarkValve valve = valve(2);
        now = 100;
        valve.inputWatermark(0, new Watermark(5, true));
        valve.inputWatermark(1, new Watermark(10));
        assertThat(out).as("channel 0 counts as now=100; channel 1 holds the minimum").containsExactly(10L);
        valve.inputWatermark(1, new Watermark(150));
        assertThat(out).as("channel 0 counts as now=100").containsExactly(10L, 100L);
        valve.inputWatermark(1, new Watermark(150, true));
        assertThat(out).as("both follow the clock: a processing-time watermark, forwarded though not greater")
                .containsExactly(10L, 100L, "PT5");
        valve.inputWatermark(0, new Watermark(5, true));
        assertThat(out).as("an equal processing-time watermark changes nothing").hasSize(3);
        valve.inputWatermark(0, Watermark.MAX_WATERMARK);
        valve.inputWatermark(1, Watermark.MAX_WATERMARK);
        assertThat(out).containsExactly(10L, 100L, "PT5", "PT150", Long.MAX_VALUE);
    }
}
