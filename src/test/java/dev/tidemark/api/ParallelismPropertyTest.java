package dev.tidemark.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tidemark.eventtime.Watermark;
import dev.tidemark.eventtime.WatermarkGenerator;
import dev.tidemark.eventtime.WatermarkOutput;
import dev.tidemark.eventtime.WatermarkStrategy;
import dev.tidemark.windowing.assigners.SlidingEventTimeWindows;
import dev.tidemark.windowing.assigners.TumblingEventTimeWindows;
import java.io.Serializable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * For random pipelines (map, filter, repartitioning, union, keyBy, windows) and random inputs, the
 * results at parallelism 2 and 4 equal those at parallelism 1, as multisets, on real threads.
 */
@Timeout(120)
class ParallelismPropertyTest {

    record Event(int key, long value, long time) implements Serializable {}

    /** A watermark after every element, behind every later element (no element is ever late). */
    static final class Safe implements WatermarkGenerator<Event> {
        private final long bound;
        private long max = Long.MIN_VALUE / 2;

        Safe(long bound) {
            this.bound = bound;
        }

        @Override
        public void onEvent(Event event, long timestamp, WatermarkOutput output) {
            max = Math.max(max, timestamp);
            output.emitWatermark(new Watermark(max - bound - 1));
        }

        @Override
        public void onPeriodicEmit(WatermarkOutput output) {}
    }

    @AfterEach
    void noThreadSurvives() {
        assertThat(Threads.tidemarkThreads()).isEmpty();
    }

    @Test
    void randomPipelines_sameResultsAtEveryParallelism() throws Exception {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        for (int run = 0; run < 12; run++) {
            long pipelineSeed = random.nextLong();
            List<String> expected = null;
            for (int parallelism : new int[] {1, 2, 4}) {
                List<String> results = run(pipelineSeed, parallelism);
                if (expected == null) {
                    expected = results;
                    assertThat(results).as("seed=%d run=%d produces results", seed, run).isNotEmpty();
                } else {
                    assertThat(results).as("seed=%d run=%d parallelism=%d", seed, run, parallelism)
                            .containsExactlyInAnyOrderElementsOf(expected);
                }
            }
        }
    }

    /** Builds the pipeline that {@code pipelineSeed} describes and runs it at {@code parallelism}. */
    private static List<String> run(long pipelineSeed, int parallelism) throws Exception {
        Random random = new Random(pipelineSeed);
        long disorder = random.nextInt(50);
        List<Event> events = new ArrayList<>();
        long clock = 0;
        for (int i = 0; i < 2_000; i++) {
            clock += random.nextInt(3);
            events.add(new Event(random.nextInt(7), random.nextInt(100), clock - random.nextInt((int) disorder + 1)));
        }
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create().setParallelism(parallelism);
        env.getConfig().setAutoWatermarkInterval(Duration.ZERO);
        DataStream<Event> stream = env.fromCollection(events)
                .assignTimestampsAndWatermarks(WatermarkStrategy.<Event>forGenerator(ctx -> new Safe(disorder))
                        .withTimestampAssigner((e, previous) -> e.time()));
        int steps = 1 + random.nextInt(4);
        for (int s = 0; s < steps; s++) {
            stream = step(stream, random.nextInt(6), random.nextInt(100));
        }
        long size = 10 + random.nextInt(50);
        var keyed = stream.keyBy(Event::key);
        var windowed = random.nextBoolean()
                ? keyed.window(TumblingEventTimeWindows.of(Duration.ofMillis(size)))
                : keyed.window(SlidingEventTimeWindows.of(Duration.ofMillis(size), Duration.ofMillis(1 + random.nextInt((int) size))));
        return windowed.reduce((a, b) -> new Event(a.key(), a.value() + b.value(), Math.max(a.time(), b.time())))
                .map(e -> e.key() + ":" + e.value())
                .executeAndCollect();
    }

    private static DataStream<Event> step(DataStream<Event> stream, int kind, int salt) {
        return switch (kind) {
            case 0 -> stream.map(e -> new Event(e.key(), e.value() * 3 + salt, e.time()));
            case 1 -> stream.filter(e -> (e.value() + salt) % 5 != 0);
            case 2 -> stream.rebalance().map(e -> new Event((e.key() + salt) % 7, e.value(), e.time()));
            case 3 -> stream.shuffle().filter(e -> e.key() != salt % 7);
            case 4 -> stream.filter(e -> e.value() % 2 == 0).union(stream.filter(e -> e.value() % 2 != 0).rescale()
                    .map(e -> new Event(e.key(), e.value() + 1, e.time())));
            default -> stream.keyBy(Event::key).map(e -> new Event(e.key(), e.value() + e.key(), e.time()));
        };
    }
}
