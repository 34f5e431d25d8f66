package dev.tidemark.runtime.flink;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tidemark.eventtime.WatermarkStrategy;
import java.time.Duration;
import org.apache.flink.api.common.eventtime.WatermarkAlignmentParams;
import org.junit.jupiter.api.Test;

class WatermarkStrategyAdapterTest {

    static final WatermarkStrategy<String> ALIGNED = WatermarkStrategy.<String>forMonotonousTimestamps()
            .withWatermarkAlignment("readings", Duration.ofSeconds(30));

    @Test
    void aSplitSourcesAlignmentReachesFlinkWithItsGroupAndDrift() {
        WatermarkAlignmentParams params = new WatermarkStrategyAdapter<>(ALIGNED, true).getAlignmentParameters();

        assertThat(params.isEnabled()).isTrue();
        assertThat(params.getWatermarkGroup()).isEqualTo("readings");
        assertThat(params.getMaxAllowedWatermarkDrift()).isEqualTo(30_000);
    }

    @Test
    void alignmentStaysOffWhereTidemarkIgnoresItToo() {
        assertThat(new WatermarkStrategyAdapter<>(ALIGNED, false).getAlignmentParameters().isEnabled()).isFalse();
        assertThat(new WatermarkStrategyAdapter<>(WatermarkStrategy.<String>forMonotonousTimestamps(), true)
                .getAlignmentParameters().isEnabled()).isFalse();
    }
}
