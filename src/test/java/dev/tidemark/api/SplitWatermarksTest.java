package dev.tidemark.api;

import dev.tidemark.api.functions.Aggregations;
import static org.assertj.core.api.Assertions.assertThat;

import dev.tidemark.api.source.SplitSource;
import dev.tidemark.eventtime.WatermarkStrategy;
import dev.tidemark.testing.TestDriver;
import dev.tidemark.testing.TestSink;
import dev.tidemark.testing.TestSource;
import dev.tidemark.windowing.assigners.TumblingEventTimeWindows;
import java.io.Serializable;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Per-split (per-partition) watermarks at the source, as Flink's Kafka source has them. */
class SplitWatermarksTest {

    record Event(int partition, long time) implements Serializable {}

    private static final String DROPPED = "Window(TumblingEventTimeWindows, EventTimeTrigger).numLateRecordsDropped";

    /** Ascending inside each of 3 partitions, the partitions drifting apart: partition p lags p * 500 ms. */
    private static void feed(java.util.function.BiConsumer<Integer, Long> emit) {
        Random random = new Random(7);
        long[] clocks = {0, -500, -1000};
        for (int i = 0; i < 3_000; i++) {
            int p = random.nextInt(3);
            clocks[p] += random.nextInt(3);
            emit.accept(p, Math.max(0, clocks[p]));
        }
    }

    private static long windowCount(TestSink<Long> out) {
        return out.records().stream().mapToLong(Long::longValue).sum();
    }

    @Test
    void perPartitionStrategy_givesAPerfectWatermark_whereOneGeneratorBehindTheSourceDoesNot() {
        WatermarkStrategy<Event> ascending = WatermarkStrategy.<Event>forMonotonousTimestamps()
                .withTimestampAssigner((e, previous) -> e.time());
        long perPartitionDropped;
        try (TestDriver driver = TestDriver.create()) {
            TestSource<Event> in = driver.source("topic", Event.class, 3, ascending);
            TestSink<Long> out = driver.sink(in.stream().keyBy(e -> 0)
                    .window(TumblingEventTimeWindows.of(Duration.ofMillis(100))).aggregate(Aggregations.<Event>count()));
            driver.start();
            feed((p, t) -> {
                in.partition(p).emit(new Event(p, t));
                driver.advanceProcessingTime(Duration.ofMillis(1));
            });
            for (int p = 0; p < 3; p++) {
                in.partition(p).finish();
            }
            perPartitionDropped = driver.metrics().getOrDefault(DROPPED, 0L);
            assertThat(windowCount(out)).isEqualTo(3_000);
        }
        assertThat(perPartitionDropped).isZero();

        try (TestDriver driver = TestDriver.create()) {
            TestSource<Event> in = driver.source("topic", Event.class, 3);
            driver.sink(in.stream().assignTimestampsAndWatermarks(ascending).keyBy(e -> 0)
                    .window(TumblingEventTimeWindows.of(Duration.ofMillis(100))).aggregate(Aggregations.<Event>count()));
            driver.start();
            feed((p, t) -> {
                in.partition(p).emit(new Event(p, t));
                driver.advanceProcessingTime(Duration.ofMillis(1));
            });
            assertThat(driver.metrics().get(DROPPED)).as("one generator sees the partitions interleaved").isPositive();
        }
    }

    @Test
    void idlePartition_withIdleness_doesNotStallWindows() {
        try (TestDriver driver = TestDriver.create()) {
            TestSource<Event> in = driver.source("topic", Event.class, 2, WatermarkStrategy.<Event>forMonotonousTimestamps()
                    .withTimestampAssigner((e, previous) -> e.time()).withIdleness(Duration.ofSeconds(1)));
            TestSink<Long> out = driver.sink(in.stream().keyBy(e -> 0)
                    .window(TumblingEventTimeWindows.of(Duration.ofMillis(100))).aggregate(Aggregations.<Event>count()));
            driver.start();
            in.partition(0).emit(new Event(0, 50)).emit(new Event(0, 150));
            driver.advanceProcessingTime(Duration.ofMillis(600));
            assertThat(out.records()).as("partition 1 has sent nothing: the watermark waits").isEmpty();
            driver.advanceProcessingTime(Duration.ofMillis(1_000));
            assertThat(out.records()).as("partition 1 is idle now").containsExactly(1L);
        }
    }


    /** Four splits of ascending timestamps, emitted interleaved at random. */
    static final class Topic implements SplitSource<Event> {
        private volatile boolean running = true;

        @Override
        public int splitCount() {
            return 4;
        }

        @Override
        public void run(SplitContext<Event> ctx) {
            List<Integer> owned = ctx.ownedSplits();
            Random random = new Random(owned.hashCode());
            long[] clocks = new long[4];
            int[] left = new int[4];
            owned.forEach(s -> left[s] = 1_000);
            int remaining = owned.size() * 1_000;
            while (running && remaining > 0) {
                int split = owned.get(random.nextInt(owned.size()));
                if (left[split] == 0) {
                    continue;
                }
                clocks[split] += random.nextInt(5) + split * 3L;
                ctx.split(split).collect(new Event(split, clocks[split]));
                if (--left[split] == 0) {
                    ctx.finishSplit(split);
                }
                remaining--;
            }
        }

        @Override
        public void cancel() {
            running = false;
        }
    }

    @Test
    @Timeout(60)
    void splitSource_onThreadsInParallel_losesNothingToLateness() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create().setParallelism(2);
        env.getConfig().setAutoWatermarkInterval(Duration.ofMillis(1));
        var counts = env.fromSource(new Topic(), WatermarkStrategy.<Event>forMonotonousTimestamps()
                        .withTimestampAssigner((e, previous) -> e.time()), "Topic")
                .keyBy(Event::partition)
                .window(TumblingEventTimeWindows.of(Duration.ofMillis(50)))
                .aggregate(Aggregations.<Event>count());
        CollectSinks.Buffer results = CollectSinks.buffer("split-counts");
        counts.addSink(new CollectSinks.Sink<>("split-counts"));
        JobClient job = env.executeAsync("splits");
        job.await();
        assertThat(job.metrics()).as("late records dropped").hasEntrySatisfying(
                "Window(TumblingEventTimeWindows, EventTimeTrigger) (1/2).numLateRecordsDropped", v -> assertThat(v).isZero())
                .hasEntrySatisfying(
                "Window(TumblingEventTimeWindows, EventTimeTrigger) (2/2).numLateRecordsDropped", v -> assertThat(v).isZero());
        assertThat(results.values().stream().mapToLong(v -> (Long) v).sum()).isEqualTo(4_000);
        assertThat(Threads.tidemarkThreads()).isEmpty();
    }

    @Test
    void alignment_pausesAPartitionThatRunsTooFarAheadOfTheSlowest_untilItCatchesUp() {
        try (TestDriver driver = TestDriver.create()) {
            TestSource<Event> in = driver.source("topic", Event.class, 2, WatermarkStrategy.<Event>forMonotonousTimestamps()
                    .withTimestampAssigner((e, previous) -> e.time())
                    .withWatermarkAlignment("topics", Duration.ofMillis(100)));
            driver.sink(in.stream());
            driver.start();
            in.partition(0).emit(new Event(0, 10));
            in.partition(1).emit(new Event(1, 10));
            driver.advanceProcessingTime(Duration.ofMillis(200));
            assertThat(in.partition(0).isPaused()).isFalse();
            in.partition(0).emit(new Event(0, 500));
            driver.advanceProcessingTime(Duration.ofMillis(200));
            assertThat(in.partition(0).isPaused()).as("499 is more than 100 ahead of 9").isTrue();
            assertThat(in.partition(1).isPaused()).isFalse();
            in.partition(1).emit(new Event(1, 450));
            driver.advanceProcessingTime(Duration.ofMillis(200));
            assertThat(in.partition(0).isPaused()).as("499 is within 100 of 449").isFalse();
            in.partition(1).finish();
            assertThat(in.partition(0).isPaused()).as("a finished partition does not hold the others back").isFalse();
        }
    }

    /** Two splits read round-robin, skipping paused ones: split 0 advances 100 ms per record, split 1 only 1 ms. */
    static final class FastAndSlow implements SplitSource<Event> {
        private volatile boolean running = true;

        @Override
        public int splitCount() {
            return 2;
        }

        @Override
        public void run(SplitContext<Event> ctx) {
            long[] clocks = new long[2];
            int[] left = {5_000, 5_000};
            while (running && (left[0] > 0 || left[1] > 0)) {
                for (int split = 0; split < 2; split++) {
                    if (left[split] > 0 && !ctx.isPaused(split)) {
                        clocks[split] += split == 0 ? 100 : 1;
                        ctx.split(split).collect(new Event(split, clocks[split]));
                        if (--left[split] == 0) {
                            ctx.finishSplit(split); // a split that is done must say so, or it holds the group back
                        }
                    } else {
                        Thread.onSpinWait();
                    }
                }
            }
        }

        @Override
        public void cancel() {
            running = false;
        }
    }

    /** The largest lead of split 0 over split 1 among the records as they arrive, while split 1 is not done. */
    static final class MaxLead extends dev.tidemark.api.functions.ProcessFunction<Event, Long> {
        private long latest1;
        private long maxLead;

        @Override
        public void processElement(Event e, Context ctx, dev.tidemark.api.functions.Collector<Long> out) {
            if (e.partition() == 1) {
                latest1 = e.time();
            } else if (latest1 < 5_000) {
                maxLead = Math.max(maxLead, e.time() - latest1);
            }
        }

        @Override
        public void close() {
            LEADS.add(maxLead);
        }

        static final java.util.List<Long> LEADS = new java.util.concurrent.CopyOnWriteArrayList<>();
    }

    private static long maxLead(WatermarkStrategy<Event> strategy) throws Exception {
        MaxLead.LEADS.clear();
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create();
        env.getConfig().setAutoWatermarkInterval(Duration.ofMillis(1));
        env.fromSource(new FastAndSlow(), strategy, "FastAndSlow").process(new MaxLead()).addSink((v, ctx) -> {});
        env.execute();
        return MaxLead.LEADS.get(0);
    }

    /** Ascending timestamps with a watermark after every element, so alignment reacts per record. */
    static final class PerEvent implements dev.tidemark.eventtime.WatermarkGenerator<Event> {
        @Override
        public void onEvent(Event event, long timestamp, dev.tidemark.eventtime.WatermarkOutput output) {
            output.emitWatermark(new dev.tidemark.eventtime.Watermark(timestamp - 1));
        }

        @Override
        public void onPeriodicEmit(dev.tidemark.eventtime.WatermarkOutput output) {}
    }

    @Test
    @Timeout(120)
    void alignment_onThreads_boundsHowFarAFastSplitRunsAhead() throws Exception {
        WatermarkStrategy<Event> ascending = WatermarkStrategy.<Event>forGenerator(ctx -> new PerEvent())
                .withTimestampAssigner((e, previous) -> e.time());
        long unaligned = maxLead(ascending);
        long aligned = maxLead(ascending.withWatermarkAlignment("g", Duration.ofSeconds(1)));
        assertThat(unaligned).as("round-robin: split 0 ends about 99 * 5000 ms ahead").isGreaterThan(400_000);
        // paused within a queue's worth of records (1024 at 100 ms each) of crossing the drift
        assertThat(aligned).isLessThan(1_000 + 2 * 1_024 * 100L);
    }
}
