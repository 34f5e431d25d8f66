package dev.tidemark.runtime.operators;

import static dev.tidemark.testing.StreamEvent.record;
import static dev.tidemark.testing.StreamEvent.watermark;
import static org.assertj.core.api.Assertions.assertThat;

import dev.tidemark.api.EndOfInput;
import dev.tidemark.eventtime.AssignerWithPunctuatedWatermarks;
import dev.tidemark.eventtime.BoundedOutOfOrdernessTimestampExtractor;
import dev.tidemark.eventtime.Watermark;
import dev.tidemark.eventtime.WatermarkGenerator;
import dev.tidemark.eventtime.WatermarkOutput;
import dev.tidemark.eventtime.WatermarkStrategy;
import dev.tidemark.testing.StreamEvent;
import dev.tidemark.testing.TestDriver;
import dev.tidemark.testing.TestSink;
import dev.tidemark.testing.TestSource;
import java.io.Serializable;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The scenarios of the classic Flink documentation on generating watermarks, replayed through the
 * test driver with virtual time.
 */
class TimestampsAndWatermarksOperatorTest {

    /** An event with its own timestamp; a marker carries a watermark (the punctuated example). */
    record Event(String name, long time, boolean marker) implements Serializable {
        static Event at(long time) {
            return new Event("e" + time, time, false);
        }

        static Event marker(long time) {
            return new Event("m" + time, time, true);
        }
    }

    private final TestDriver driver = TestDriver.create();
    private final TestSource<Event> in = driver.source("events", Event.class);

    @AfterEach
    void close() {
        driver.close();
    }

    private TestSink<Event> sinkWith(WatermarkStrategy<Event> strategy) {
        return driver.sink(in.stream().assignTimestampsAndWatermarks(
                strategy.withTimestampAssigner((e, previous) -> e.time())));
    }

    @Test
    void boundedOutOfOrderness_3500ms_emitsMaxMinus3501_everyInterval() {
        TestSink<Event> out = sinkWith(WatermarkStrategy.forBoundedOutOfOrderness(Duration.ofMillis(3500)));
        driver.start();
        driver.advanceProcessingTime(Duration.ofMillis(200));
        assertThat(out.events()).as("no watermark before the first element").isEmpty();

        in.emit(Event.at(1_000)).emit(Event.at(5_000)).emit(Event.at(3_000));
        driver.advanceProcessingTime(Duration.ofMillis(200));
        in.emit(Event.at(2_000)).emit(Event.at(9_000));
        driver.advanceProcessingTime(Duration.ofMillis(199));
        assertThat(out.watermarks()).as("not yet the next interval").containsExactly(1_499L);
        driver.advanceProcessingTime(Duration.ofMillis(1));
        driver.advanceProcessingTime(Duration.ofMillis(1_000)); // no new elements: nothing greater to emit

        assertThat(out.events()).containsExactly(
                record(Event.at(1_000), 1_000), record(Event.at(5_000), 5_000), record(Event.at(3_000), 3_000),
                watermark(1_499),
                record(Event.at(2_000), 2_000), record(Event.at(9_000), 9_000),
                watermark(5_499));
    }

    /** The documentation's time-lag generator, reading the task's (here virtual) processing time. */
    static final class TimeLagGenerator implements WatermarkGenerator<Event> {
        private final WatermarkStrategy.Context clock;

        TimeLagGenerator(WatermarkStrategy.Context clock) {
            this.clock = clock;
        }

        @Override
        public void onEvent(Event event, long eventTimestamp, WatermarkOutput output) {}

        @Override
        public void onPeriodicEmit(WatermarkOutput output) {
            output.emitWatermark(new Watermark(clock.currentProcessingTime() - 5_000));
        }
    }

    @Test
    void timeLagGenerator_followsProcessingTimeMinusLag() {
        TestSink<Event> out = sinkWith(WatermarkStrategy.forGenerator(TimeLagGenerator::new));
        driver.start();
        driver.advanceProcessingTime(Duration.ofMillis(600));
        assertThat(out.watermarks()).containsExactly(-4_800L, -4_600L, -4_400L);
    }

    /** The documentation's punctuated assigner: a marker element carries a watermark. */
    static final class MarkerAssigner implements AssignerWithPunctuatedWatermarks<Event> {
        @Override
        public long extractTimestamp(Event element, long previousElementTimestamp) {
            return element.time();
        }

        @Override
        public Watermark checkAndGetNextWatermark(Event lastElement, long extractedTimestamp) {
            return lastElement.marker() ? new Watermark(extractedTimestamp) : null;
        }
    }

    @Test
    void punctuated_markerElementPrecedesItsWatermark() {
        TestSink<Event> out = driver.sink(in.stream().assignTimestampsAndWatermarks(new MarkerAssigner()));
        driver.start();
        in.emit(Event.at(3)).emit(Event.marker(9)).emit(Event.at(7)).emit(Event.marker(8)).emit(Event.marker(12));
        assertThat(out.events()).containsExactly(
                record(Event.at(3), 3), record(Event.marker(9), 9), watermark(9),
                record(Event.at(7), 7),
                record(Event.marker(8), 8), // a watermark that is not greater is not emitted
                record(Event.marker(12), 12), watermark(12));
    }

    static final class ClassicBounded extends BoundedOutOfOrdernessTimestampExtractor<Event> {
        ClassicBounded() {
            super(Duration.ofMillis(3500));
        }

        @Override
        public long extractTimestamp(Event element) {
            return element.time();
        }
    }

    @Test
    void classicPeriodicAssigner_emitsMaxMinusBound_onlyWhenGreater() {
        TestSink<Event> out = driver.sink(in.stream().assignTimestampsAndWatermarks(new ClassicBounded()));
        driver.start();
        driver.advanceProcessingTime(Duration.ofMillis(200)); // Long.MIN_VALUE: never forwarded
        in.emit(Event.at(10_000));
        driver.advanceProcessingTime(Duration.ofMillis(400)); // 6500 twice: forwarded once
        in.emit(Event.at(8_000));
        driver.advanceProcessingTime(Duration.ofMillis(200));
        assertThat(out.watermarks()).containsExactly(6_500L);
    }

    @Test
    void sourceTimestampsAndWatermarks_areReplaced_exceptTheFinalWatermark() {
        // the assigner adds the previous timestamp, so the output shows what it was given
        TestSink<Event> out = driver.sink(in.stream().assignTimestampsAndWatermarks(
                WatermarkStrategy.<Event>forMonotonousTimestamps().withTimestampAssigner(
                        (e, previous) -> previous == Long.MIN_VALUE ? e.time() : e.time() + previous)));
        driver.start();
        in.emit(Event.at(50), 77).emitWatermark(1_000).emit(Event.at(60));
        in.finish();
        assertThat(out.events()).containsExactly(
                record(Event.at(50), 127), record(Event.at(60), 60), watermark(Long.MAX_VALUE));
        assertThat(out.isEnded()).isTrue();
    }

    @Test
    void keepLastWatermark_endOfInputEmitsGeneratorsLastWatermark_notTheFinalOne() {
        driver.env().getConfig().setEndOfInput(EndOfInput.KEEP_LAST_WATERMARK);
        TestSink<Event> out = sinkWith(WatermarkStrategy.forBoundedOutOfOrderness(Duration.ofMillis(100)));
        driver.start();
        in.emit(Event.at(1_000));
        in.finish();
        assertThat(out.events()).containsExactly(record(Event.at(1_000), 1_000), watermark(899));
        assertThat(out.isEnded()).isTrue();
    }

    @Test
    void zeroInterval_disablesPeriodicEmission() {
        driver.env().getConfig().setAutoWatermarkInterval(Duration.ZERO);
        TestSink<Event> out = sinkWith(WatermarkStrategy.forMonotonousTimestamps());
        driver.start();
        in.emit(Event.at(1_000));
        driver.advanceProcessingTime(Duration.ofSeconds(10));
        assertThat(out.watermarks()).isEmpty();
    }

    @Test
    void withIdleness_marksIdleAfterTimeout_andActiveAgainOnProgress() {
        TestSink<Event> out = sinkWith(WatermarkStrategy.<Event>forMonotonousTimestamps()
                .withIdleness(Duration.ofMillis(500)));
        driver.start();
        in.emit(Event.at(1_000));
        driver.advanceProcessingTime(Duration.ofMillis(1_000));
        in.emit(Event.at(2_000));
        driver.advanceProcessingTime(Duration.ofMillis(200));
        assertThat(out.events()).containsExactly(
                record(Event.at(1_000), 1_000),
                watermark(999), // t=200: activity seen
                new StreamEvent.Status<>(true), // t=200 starts inactivity, t=800 > 200 + 500
                record(Event.at(2_000), 2_000),
                new StreamEvent.Status<>(false), watermark(1_999));
    }
}
