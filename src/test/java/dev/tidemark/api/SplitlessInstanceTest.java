package dev.tidemark.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tidemark.api.functions.Aggregations;
import dev.tidemark.api.source.SplitSource;
import dev.tidemark.eventtime.Watermark;
import dev.tidemark.eventtime.WatermarkGenerator;
import dev.tidemark.eventtime.WatermarkOutput;
import dev.tidemark.eventtime.WatermarkStrategy;
import dev.tidemark.testing.TestDriver;
import dev.tidemark.testing.TestSink;
import dev.tidemark.windowing.assigners.TumblingEventTimeWindows;
import java.io.Serializable;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A split source with fewer splits than parallel instances: the instances without a split must not hold event time back. */
class SplitlessInstanceTest {

    record Event(int key, long time) implements Serializable {}

    /** One split of ten ascending events, key 0, at 0..9 ms. */
    static final class OneSplit implements SplitSource<Event> {
        @Override
        public int splitCount() {
            return 1;
        }

        @Override
        public void run(SplitContext<Event> ctx) {
            for (int split : ctx.ownedSplits()) {
                for (long t = 0; t < 10; t++) {
                    ctx.split(split).collect(new Event(0, t));
                }
            }
        }

        @Override
        public void cancel() {}
    }

    @Test
    @Timeout(30)
    void boundedSource_withFewerSplitsThanInstances_firesEveryWindow() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create().setParallelism(2);
        var counts = env.fromSource(new OneSplit(), WatermarkStrategy.<Event>forMonotonousTimestamps()
                        .withTimestampAssigner((e, previous) -> e.time()), "OneSplit")
                .keyBy(Event::key)
                .window(TumblingEventTimeWindows.of(Duration.ofMillis(5)))
                .aggregate(Aggregations.<Event>count());
        CollectSinks.Buffer results = CollectSinks.buffer("splitless-counts");
        counts.addSink(new CollectSinks.Sink<>("splitless-counts"));
        env.execute("splitless");
        assertThat(results.values()).containsExactly(5L, 5L);
        assertThat(Threads.tidemarkThreads()).isEmpty();
    }

    /** A watermark at every element's timestamp, so the split's watermark needs no periodic emission. */
    static final class EveryElement implements WatermarkGenerator<Event> {
        @Override
        public void onEvent(Event event, long timestamp, WatermarkOutput output) {
            output.emitWatermark(new Watermark(timestamp));
        }

        @Override
        public void onPeriodicEmit(WatermarkOutput output) {}
    }

    @Test
    void keepingTheLastWatermark_anInstanceWithoutSplitsIsIdle_andDoesNotHoldTheWindowsBack() {
        try (TestDriver driver = TestDriver.create()) {
            driver.env().setParallelism(2);
            driver.env().getConfig().setEndOfInput(EndOfInput.KEEP_LAST_WATERMARK);
            TestSink<Long> out = driver.sink(driver.env().fromSource(new OneSplit(), WatermarkStrategy
                            .<Event>forGenerator(ctx -> new EveryElement()).withTimestampAssigner((e, previous) -> e.time()),
                            "OneSplit")
                    .keyBy(Event::key)
                    .window(TumblingEventTimeWindows.of(Duration.ofMillis(5)))
                    .aggregate(Aggregations.<Event>count()));
            driver.start();
            assertThat(out.records()).as("watermark 9 from the one split closes both windows").containsExactly(5L, 5L);
        }
    }
}
