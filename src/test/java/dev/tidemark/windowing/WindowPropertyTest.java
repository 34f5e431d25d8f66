package dev.tidemark.windowing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tidemark.api.OutputTag;
import dev.tidemark.api.SingleOutputStreamOperator;
import dev.tidemark.api.functions.Collector;
import dev.tidemark.api.functions.ProcessWindowFunction;
import dev.tidemark.testing.TestDriver;
import dev.tidemark.testing.TestSink;
import dev.tidemark.testing.TestSource;
import dev.tidemark.api.WindowedStream;
import dev.tidemark.api.functions.AggregateFunction;
import dev.tidemark.api.functions.Aggregations;
import dev.tidemark.windowing.assigners.EventTimeSessionWindows;
import dev.tidemark.windowing.assigners.SlidingEventTimeWindows;
import dev.tidemark.windowing.windows.TimeWindow;
import java.io.Serializable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * For random keys, values, disordered timestamps, watermark schedules, window sizes, slides and
 * lateness, the window operator's results equal a brute-force model of Flink's rules; sessions
 * equal sessions computed offline.
 */
class WindowPropertyTest {

    record Event(int key, int value) implements Serializable {}

    static final OutputTag<Event> LATE = OutputTag.of("late", Event.class);

    static final class Describe extends ProcessWindowFunction<Event, String, Integer, TimeWindow> {
        @Override
        public void process(Integer key, Context ctx, Iterable<Event> sums, Collector<String> out) {
            out.collect(key + "|" + ctx.window().start() + "|" + sums.iterator().next().value());
        }
    }

    /** The rules written out plainly: per (key, window) a sum, a pending timer, and cleanup. */
    static final class Model {
        final long size;
        final long slide;
        final long lateness;
        final List<String> results = new ArrayList<>();
        final Map<String, long[]> windows = new HashMap<>(); // key|start -> {sum, timerPending, key, start}
        long watermark = Long.MIN_VALUE;
        int late;

        Model(long size, long slide, long lateness) {
            this.size = size;
            this.slide = slide;
            this.lateness = lateness;
        }

        void element(int key, int value, long ts) {
            boolean accepted = false;
            long lastStart = ts - Math.floorMod(ts, slide);
            for (long start = lastStart; start > ts - size; start -= slide) {
                long maxTs = start + size - 1;
                if (maxTs + lateness <= watermark) {
                    continue;
                }
                accepted = true;
                long windowStart = start;
                long[] w = windows.computeIfAbsent(key + "|" + start, k -> new long[] {0, 0, key, windowStart});
                w[0] += value;
                if (maxTs <= watermark) {
                    results.add(key + "|" + start + "|" + w[0]);
                } else {
                    w[1] = 1;
                }
            }
            if (!accepted && ts + lateness <= watermark) {
                late++;
            }
        }

        void watermark(long wm) {
            if (wm <= watermark) {
                return;
            }
            watermark = wm;
            windows.values().removeIf(w -> {
                long maxTs = w[3] + size - 1;
                if (w[1] == 1 && maxTs <= wm) {
                    results.add(w[2] + "|" + w[3] + "|" + w[0]);
                    w[1] = 0;
                }
                return maxTs + lateness <= wm;
            });
        }
    }

    @Test
    void randomInputs_matchTheModel() {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        for (int run = 0; run < 40; run++) {
            long size = 5 + random.nextInt(40);
            long slide = random.nextBoolean() ? size : 1 + random.nextInt((int) size);
            long lateness = random.nextBoolean() ? 0 : random.nextInt(30);
            checkAgainstModel(random, "seed=" + seed + " run=" + run, size, slide, lateness, false);
        }
    }

    /** Panes give the results of one accumulator per window, where they apply (no lateness, slide divides size). */
    @Test
    void sharedPanes_matchTheModel() {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        for (int run = 0; run < 40; run++) {
            long slide = 1 + random.nextInt(10);
            long size = slide * (1 + random.nextInt(6));
            checkAgainstModel(random, "seed=" + seed + " run=" + run + " panes", size, slide, 0, true);
        }
    }

    /** Sums values; merge leaves its second argument alone, as sharePanes() requires. */
    static final class Sum implements AggregateFunction<Event, long[], Event> {
        @Override
        public long[] createAccumulator() {
            return new long[] {-1, 0};
        }

        @Override
        public long[] add(Event e, long[] acc) {
            acc[0] = e.key();
            acc[1] += e.value();
            return acc;
        }

        @Override
        public Event getResult(long[] acc) {
            return new Event((int) acc[0], (int) acc[1]);
        }

        @Override
        public long[] merge(long[] a, long[] b) {
            a[0] = Math.max(a[0], b[0]);
            a[1] += b[1];
            return a;
        }
    }

    private static void checkAgainstModel(Random random, String run, long size, long slide, long lateness,
            boolean panes) {
        String config = run + " size=" + size + " slide=" + slide + " lateness=" + lateness;
        Model model = new Model(size, slide, lateness);
        try (TestDriver driver = TestDriver.create()) {
            TestSource<Event> in = driver.source("events", Event.class);
            WindowedStream<Event, Integer, TimeWindow> windows = in.stream().keyBy(Event::key)
                    .window(SlidingEventTimeWindows.of(Duration.ofMillis(size), Duration.ofMillis(slide)))
                    .allowedLateness(Duration.ofMillis(lateness))
                    .sideOutputLateData(LATE);
            SingleOutputStreamOperator<String> windowed = panes
                    ? windows.sharePanes().aggregate(new Sum(), new Describe())
                    : windows.reduce((a, b) -> new Event(a.key(), a.value() + b.value()), new Describe());
            TestSink<String> out = driver.sink(windowed);
            TestSink<Event> late = driver.sink(windowed.getSideOutput(LATE));
            driver.start();
            long clock = random.nextInt(100) - 50;
            long disorder = random.nextInt(40);
            for (int i = 0; i < 300; i++) {
                clock += random.nextInt(4);
                long ts = clock - random.nextInt((int) disorder + 1);
                Event e = new Event(random.nextInt(4), 1 + random.nextInt(9));
                in.emit(e, ts);
                model.element(e.key(), e.value(), ts);
                if (random.nextInt(5) == 0) {
                    long wm = clock - random.nextInt((int) disorder + 10);
                    in.emitWatermark(wm);
                    model.watermark(wm);
                }
            }
            in.finish();
            model.watermark(Long.MAX_VALUE);
            assertThat(out.records()).as(config).containsExactlyInAnyOrderElementsOf(model.results);
            assertThat(late.records()).as(config).hasSize(model.late);
        }
    }

    static final class DescribeSession extends ProcessWindowFunction<Long, String, Integer, TimeWindow> {
        @Override
        public void process(Integer key, Context ctx, Iterable<Long> counts, Collector<String> out) {
            out.collect(key + "|" + ctx.window().start() + "|" + ctx.window().end() + "|" + counts.iterator().next());
        }
    }

    /**
     * Sessions, with watermarks that never make an element late or let it touch a session that has
     * fired: per key, the elements sorted by time, split where two are more than the gap apart
     * ({@code [t, t + gap)} windows that touch merge).
     */
    @Test
    void sessions_matchOfflineSessions() {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        for (int run = 0; run < 40; run++) {
            long gap = 1 + random.nextInt(60);
            long disorder = random.nextInt(100);
            String config = "seed=" + seed + " run=" + run + " gap=" + gap + " disorder=" + disorder;
            List<long[]> events = new ArrayList<>(); // key, timestamp
            long clock = random.nextInt(100) - 50;
            for (int i = 0; i < 300; i++) {
                clock += random.nextInt((int) gap + 20);
                events.add(new long[] {random.nextInt(4), clock - random.nextInt((int) disorder + 1)});
            }
            try (TestDriver driver = TestDriver.create()) {
                TestSource<Integer> in = driver.source("keys", Integer.class);
                SingleOutputStreamOperator<String> sessions = in.stream().keyBy(k -> k)
                        .window(EventTimeSessionWindows.withGap(Duration.ofMillis(gap)))
                        .aggregate(Aggregations.count(), new DescribeSession());
                TestSink<String> out = driver.sink(sessions);
                driver.start();
                for (int i = 0; i < events.size(); i++) {
                    in.emit((int) events.get(i)[0], events.get(i)[1]);
                    if (random.nextInt(5) == 0) {
                        long earliestToCome = Long.MAX_VALUE;
                        for (int j = i + 1; j < events.size(); j++) {
                            earliestToCome = Math.min(earliestToCome, events.get(j)[1]);
                        }
                        in.emitWatermark(earliestToCome - gap - 1);
                    }
                }
                in.finish();
                assertThat(out.records()).as(config).containsExactlyInAnyOrderElementsOf(offlineSessions(events, gap));
            }
        }
    }

    private static List<String> offlineSessions(List<long[]> events, long gap) {
        List<String> sessions = new ArrayList<>();
        for (int key = 0; key < 4; key++) {
            int k = key;
            long[] times = events.stream().filter(e -> e[0] == k).mapToLong(e -> e[1]).sorted().toArray();
            for (int i = 0; i < times.length; ) {
                int j = i;
                while (j + 1 < times.length && times[j + 1] - times[j] <= gap) {
                    j++;
                }
                sessions.add(key + "|" + times[i] + "|" + (times[j] + gap) + "|" + (j - i + 1));
                i = j + 1;
            }
        }
        return sessions;
    }
}
