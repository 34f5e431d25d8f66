package dev.tidemark.runtime.operators;

import static dev.tidemark.testing.StreamEvent.record;
import static dev.tidemark.testing.StreamEvent.watermark;
import static org.assertj.core.api.Assertions.assertThat;

import dev.tidemark.api.TimeCharacteristic;
import dev.tidemark.testing.TestDriver;
import dev.tidemark.testing.TestSink;
import dev.tidemark.testing.TestSource;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class SourceTimeOperatorTest {

    private final TestDriver driver = TestDriver.create(10_050);

    @AfterEach
    void close() {
        driver.close();
    }

    @Test
    void ingestionTime_stampsProcessingTime_andEmitsAlignedWatermarks() {
        driver.env().setStreamTimeCharacteristic(TimeCharacteristic.INGESTION_TIME);
        TestSource<String> in = driver.source("in", String.class);
        TestSink<String> out = driver.sink(in.stream());
        driver.start();
        in.emit("a", 5).emitWatermark(999_999);
        driver.advanceProcessingTime(Duration.ofMillis(200)); // timer at 10_250: watermark 10_200
        in.emit("b");
        driver.advanceProcessingTime(Duration.ofMillis(100)); // 10_350: not yet due
        in.finish();
        assertThat(out.events()).containsExactly(
                record("a", 10_050), watermark(10_000),
                watermark(10_200),
                record("b", 10_250),
                watermark(Long.MAX_VALUE));
    }

    @Test
    void processingTime_dropsTimestampsAndSourceWatermarks_butNotTheFinalOne() {
        driver.env().setStreamTimeCharacteristic(TimeCharacteristic.PROCESSING_TIME);
        assertThat(driver.env().getConfig().getAutoWatermarkIntervalMillis()).isZero();
        TestSource<String> in = driver.source("in", String.class);
        TestSink<String> out = driver.sink(in.stream());
        driver.start();
        in.emit("a", 5).emitWatermark(100);
        in.finish();
        assertThat(out.events()).containsExactly(record("a", Long.MIN_VALUE), watermark(Long.MAX_VALUE));
    }
}
