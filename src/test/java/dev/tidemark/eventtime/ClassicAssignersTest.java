package dev.tidemark.eventtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ClassicAssignersTest {

    static final class Bounded extends BoundedOutOfOrdernessTimestampExtractor<Long> {
        Bounded(Duration bound) {
            super(bound);
        }

        @Override
        public long extractTimestamp(Long element) {
            return element;
        }
    }

    static final class Ascending extends AscendingTimestampExtractor<Long> {
        @Override
        public long extractAscendingTimestamp(Long element) {
            return element;
        }
    }

    @Test
    void boundedExtractor_watermarkIsMaxMinusBound() {
        var assigner = new Bounded(Duration.ofMillis(3500));
        assertThat(assigner.getCurrentWatermark()).isEqualTo(new Watermark(Long.MIN_VALUE));
        assertThat(assigner.extractTimestamp(10_000L, Long.MIN_VALUE)).isEqualTo(10_000L);
        assertThat(assigner.getCurrentWatermark()).isEqualTo(new Watermark(6_500));
        assigner.extractTimestamp(8_000L, Long.MIN_VALUE);
        assertThat(assigner.getCurrentWatermark()).as("a backward timestamp keeps the watermark")
                .isEqualTo(new Watermark(6_500));
        assigner.extractTimestamp(10_000L, Long.MIN_VALUE);
        assertThat(assigner.getCurrentWatermark()).as("a duplicate timestamp keeps the watermark")
                .isEqualTo(new Watermark(6_500));
        assertThat(assigner.getMaxOutOfOrdernessInMillis()).isEqualTo(3500);
    }

    @Test
    void boundedExtractor_isOneMillisecondAheadOfModernStrategy() {
        var classic = new Bounded(Duration.ofSeconds(1));
        var modern = new BoundedOutOfOrdernessWatermarks<Long>(Duration.ofSeconds(1));
        var out = new RecordingWatermarkOutput();
        classic.extractTimestamp(5_000L, Long.MIN_VALUE);
        modern.onEvent(5_000L, 5_000, out);
        modern.onPeriodicEmit(out);
        assertThat(classic.getCurrentWatermark().timestamp()).isEqualTo(4_000);
        assertThat(out.drain()).containsExactly(3_999L);
    }

    @Test
    void boundedExtractor_maxTimestamp_doesNotOverflow() {
        var assigner = new Bounded(Duration.ofMillis(5));
        assigner.extractTimestamp(Long.MAX_VALUE, Long.MIN_VALUE);
        assertThat(assigner.getCurrentWatermark().timestamp()).isEqualTo(Long.MAX_VALUE - 5);
    }

    @Test
    void ascendingExtractor_watermarkIsMaxMinusOne_andMinValueBeforeFirst() {
        var assigner = new Ascending();
        assertThat(assigner.getCurrentWatermark().timestamp()).isEqualTo(Long.MIN_VALUE);
        assigner.extractTimestamp(100L, Long.MIN_VALUE);
        assigner.extractTimestamp(100L, Long.MIN_VALUE);
        assertThat(assigner.getCurrentWatermark().timestamp()).isEqualTo(99);
    }

    @Test
    void ascendingExtractor_violation_keepsTimestampAndCallsHandler() {
        List<String> violations = new ArrayList<>();
        var assigner = new Ascending();
        assigner.withViolationHandler((ts, last) -> violations.add(ts + "<" + last));
        assigner.extractTimestamp(100L, Long.MIN_VALUE);
        assertThat(assigner.extractTimestamp(50L, Long.MIN_VALUE)).isEqualTo(50);
        assertThat(violations).containsExactly("50<100");
        assertThat(assigner.getCurrentWatermark().timestamp()).isEqualTo(99);
    }

    @Test
    void ascendingExtractor_failingHandler_throwsWithBothTimestamps() {
        var assigner = new Ascending();
        assigner.withViolationHandler(new AscendingTimestampExtractor.FailingHandler());
        assigner.extractTimestamp(100L, Long.MIN_VALUE);
        assertThatThrownBy(() -> assigner.extractTimestamp(99L, Long.MIN_VALUE))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("elementTimestamp=99, lastTimestamp=100");
    }

    @Test
    void ascendingExtractor_ignoringAndLoggingHandlers_doNotThrow() {
        for (var handler : List.of(new AscendingTimestampExtractor.IgnoringHandler(),
                new AscendingTimestampExtractor.LoggingHandler())) {
            var assigner = new Ascending();
            assigner.withViolationHandler(handler);
            assigner.extractTimestamp(100L, Long.MIN_VALUE);
            assertThat(assigner.extractTimestamp(1L, Long.MIN_VALUE)).isEqualTo(1);
        }
    }

    @Test
    void periodicAdapter_nullWatermark_emitsNothing() {
        AssignerWithPeriodicWatermarks<Long> nulls = new AssignerWithPeriodicWatermarks<>() {
            @Override
            public long extractTimestamp(Long element, long previous) {
                return element;
            }

            @Override
            public Watermark getCurrentWatermark() {
                return null;
            }
        };
        var out = new RecordingWatermarkOutput();
        WatermarkStrategy.fromAssigner(nulls).createWatermarkGenerator(() -> 0).onPeriodicEmit(out);
        assertThat(out.drain()).isEmpty();
    }

    @Test
    void punctuatedAdapter_emitsWhatCheckReturns_andSharesState() {
        AssignerWithPunctuatedWatermarks<Long> everyTenth = new AssignerWithPunctuatedWatermarks<>() {
            @Override
            public long extractTimestamp(Long element, long previous) {
                return element;
            }

            @Override
            public Watermark checkAndGetNextWatermark(Long last, long extracted) {
                return extracted % 10 == 0 ? new Watermark(extracted) : null;
            }
        };
        var strategy = WatermarkStrategy.fromAssigner(everyTenth);
        var generator = strategy.createWatermarkGenerator(() -> 0);
        var out = new RecordingWatermarkOutput();
        for (long ts : new long[] {3, 10, 11, 20}) {
            generator.onEvent(ts, strategy.createTimestampAssigner().extractTimestamp(ts, Long.MIN_VALUE), out);
        }
        generator.onPeriodicEmit(out);
        assertThat(out.drain()).containsExactly(10L, 20L);
    }
}
