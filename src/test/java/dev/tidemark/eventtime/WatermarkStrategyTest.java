package dev.tidemark.eventtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class WatermarkStrategyTest {

    private final RecordingWatermarkOutput out = new RecordingWatermarkOutput();

    @Test
    void forMonotonousTimestamps_emitsMaxMinusOne() {
        var generator = WatermarkStrategy.<String>forMonotonousTimestamps().createWatermarkGenerator(() -> 0);
        generator.onEvent("a", 1_000, out);
        generator.onPeriodicEmit(out);
        assertThat(out.drain()).containsExactly(999L);
    }

    @Test
    void noWatermarks_emitsNothing() {
        var generator = WatermarkStrategy.<String>noWatermarks().createWatermarkGenerator(() -> 0);
        generator.onEvent("a", 1_000, out);
        generator.onPeriodicEmit(out);
        assertThat(out.drain()).isEmpty();
    }

    @Test
    void defaultAssigner_keepsRecordTimestamp_withTimestampAssigner_replacesIt() {
        WatermarkStrategy<String> base = WatermarkStrategy.forMonotonousTimestamps();
        assertThat(base.createTimestampAssigner().extractTimestamp("x", 42)).isEqualTo(42);
        var withAssigner = base.withTimestampAssigner((s, previous) -> s.length());
        assertThat(withAssigner.createTimestampAssigner().extractTimestamp("four", 42)).isEqualTo(4);
        assertThat(withAssigner.withIdleness(Duration.ofSeconds(1)).createTimestampAssigner()
                .extractTimestamp("four", 42)).as("idleness keeps the assigner").isEqualTo(4);
    }

    @Test
    void withMethods_keepEachOthersSettings_andTheNewestWins() {
        WatermarkStrategy<String> strategy = WatermarkStrategy.<String>forMonotonousTimestamps()
                .withWatermarkAlignment("g", Duration.ofSeconds(5))
                .withTimestampAssigner((s, previous) -> s.length())
                .withIdleness(Duration.ofSeconds(1))
                .withWatermarkAlignment("g", Duration.ofSeconds(7));
        assertThat(strategy.createTimestampAssigner().extractTimestamp("four", 42)).isEqualTo(4);
        assertThat(strategy.alignment()).contains(new WatermarkAlignment("g", Duration.ofSeconds(7)));
        assertThat(strategy.createWatermarkGenerator(() -> 0)).isInstanceOf(WatermarksWithIdleness.class);
        assertThat(WatermarkStrategy.<String>forMonotonousTimestamps().alignment()).isEmpty();
    }

    @Test
    void forGenerator_createsAFreshGeneratorPerCall() {
        WatermarkStrategy<String> strategy = WatermarkStrategy.forGenerator(
                ctx -> new BoundedOutOfOrdernessWatermarks<>(Duration.ZERO));
        assertThat(strategy.createWatermarkGenerator(() -> 0))
                .isNotSameAs(strategy.createWatermarkGenerator(() -> 0));
    }

    @Test
    void forBoundedOutOfOrderness_invalidBound_failsWhereTheStrategyIsBuilt() {
        assertThatThrownBy(() -> WatermarkStrategy.forBoundedOutOfOrderness(Duration.ofSeconds(-3)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("maxOutOfOrderness must not be negative: maxOutOfOrderness=PT-3S");
        assertThatThrownBy(() -> WatermarkStrategy.forBoundedOutOfOrderness(null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("maxOutOfOrderness must not be null");
    }
}
