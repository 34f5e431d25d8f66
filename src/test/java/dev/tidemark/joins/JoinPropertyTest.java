package dev.tidemark.joins;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tidemark.api.DataStream;
import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.api.functions.Collector;
import dev.tidemark.api.functions.ProcessFunction;
import dev.tidemark.api.functions.ProcessJoinFunction;
import dev.tidemark.eventtime.Watermark;
import dev.tidemark.eventtime.WatermarkGenerator;
import dev.tidemark.eventtime.WatermarkOutput;
import dev.tidemark.eventtime.WatermarkStrategy;
import dev.tidemark.testing.TestDriver;
import dev.tidemark.testing.TestSink;
import dev.tidemark.testing.TestSource;
import dev.tidemark.windowing.assigners.EventTimeSessionWindows;
import dev.tidemark.windowing.assigners.SlidingEventTimeWindows;
import dev.tidemark.windowing.assigners.TumblingEventTimeWindows;
import dev.tidemark.windowing.assigners.WindowAssigner;
import dev.tidemark.windowing.triggers.EventTimeTrigger;
import dev.tidemark.windowing.windows.TimeWindow;
import java.io.Serializable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * For random keyed streams with bounded disorder and random watermark schedules, every join's
 * output equals a brute-force nested loop over the same input, as multisets: through
 * {@code execute()} at parallelism 1, 2 and 4 (watermarks that never make an element late), and
 * through the test driver with watermarks that do (late elements are those behind the join's
 * watermark, the minimum of both inputs', when they arrive).
 */
@Timeout(180)
class JoinPropertyTest {

    record Event(int key, int id, long time) implements Serializable {}

    /** Watermarks at random elements, behind every later element: none is late. */
    static final class RandomSafeWatermarks implements WatermarkGenerator<Event> {
        private final long disorder;
        private final Random random;
        private long max = Long.MIN_VALUE / 2;

        RandomSafeWatermarks(long disorder, long seed) {
            this.disorder = disorder;
            this.random = new Random(seed);
        }

        @Override
        public void onEvent(Event event, long timestamp, WatermarkOutput output) {
            max = Math.max(max, timestamp);
            if (random.nextInt(4) == 0) {
                output.emitWatermark(new Watermark(max - disorder - 1));
            }
        }

        @Override
        public void onPeriodicEmit(WatermarkOutput output) {}
    }

    /** Appends the record's timestamp: a window join's is its window's last one. */
    static final class StampWithTimestamp extends ProcessFunction<String, String> {
        @Override
        public void processElement(String value, Context ctx, Collector<String> out) {
            out.collect(value + ctx.timestamp());
        }
    }

    static List<Event> events(Random random, int count, int keys, long disorder, int idBase) {
        List<Event> events = new ArrayList<>();
        long clock = -500; // both inputs cover the same time: below zero and above
        for (int i = 0; i < count; i++) {
            clock += random.nextInt(4);
            events.add(new Event(random.nextInt(keys), idBase + i, clock - random.nextInt((int) disorder + 1)));
        }
        return events;
    }

    /** "left|right|timestamp" per pair. */
    static final class Pairs extends ProcessJoinFunction<Event, Event, String> {
        @Override
        public void processElement(Event left, Event right, Context ctx, Collector<String> out) {
            out.collect(left.id() + "|" + right.id() + "|" + ctx.getTimestamp());
        }
    }

    static List<String> intervalNestedLoop(List<Event> lefts, List<Event> rights, long lower, long upper) {
        List<String> pairs = new ArrayList<>();
        for (Event l : lefts) {
            for (Event r : rights) {
                if (l.key() == r.key() && r.time() >= l.time() + lower && r.time() <= l.time() + upper) {
                    pairs.add(l.id() + "|" + r.id() + "|" + Math.max(l.time(), r.time()));
                }
            }
        }
        return pairs;
    }

    /** Pairs of a key in a common window, stamped with the window's last timestamp. */
    static List<String> windowNestedLoop(List<Event> lefts, List<Event> rights, long size, long slide) {
        List<String> pairs = new ArrayList<>();
        for (Event l : lefts) {
            for (Event r : rights) {
                if (l.key() != r.key()) {
                    continue;
                }
                for (long start = l.time() - Math.floorMod(l.time(), slide); start > l.time() - size; start -= slide) {
                    if (r.time() >= start && r.time() < start + size) {
                        pairs.add(l.id() + "|" + r.id() + "|" + (start + size - 1));
                    }
                }
            }
        }
        return pairs;
    }

    /**
     * Pairs of a key in one session of both inputs' elements: sessions {@code [t, t + gap)} merge
     * when they overlap or touch (Flink's {@code TimeWindow.intersects}).
     */
    static List<String> sessionNestedLoop(List<Event> lefts, List<Event> rights, long gap) {
        Map<Integer, TreeMap<Long, Long>> sessionEnds = new HashMap<>(); // key -> element time -> its session's end
        Stream.concat(lefts.stream(), rights.stream()).forEach(e -> sessionEnds
                .computeIfAbsent(e.key(), k -> new TreeMap<>()).put(e.time(), 0L));
        for (TreeMap<Long, Long> times : sessionEnds.values()) {
            List<Long> session = new ArrayList<>();
            long end = Long.MIN_VALUE;
            for (long time : times.keySet()) {
                if (time > end) { // neither overlaps nor touches: the session so far is complete
                    long complete = end;
                    session.forEach(t -> times.put(t, complete));
                    session.clear();
                }
                session.add(time);
                end = Math.max(end, time + gap);
            }
            long last = end;
            session.forEach(t -> times.put(t, last));
        }
        List<String> pairs = new ArrayList<>();
        for (Event l : lefts) {
            for (Event r : rights) {
                if (l.key() == r.key()) {
                    long end = sessionEnds.get(l.key()).get(l.time());
                    if (end == sessionEnds.get(r.key()).get(r.time())) {
                        pairs.add(l.id() + "|" + r.id() + "|" + (end - 1));
                    }
                }
            }
        }
        return pairs;
    }

    private static DataStream<Event> stream(StreamExecutionEnvironment env, List<Event> events, long disorder,
            long seed) {
        return env.fromCollection(events).assignTimestampsAndWatermarks(WatermarkStrategy
                .<Event>forGenerator(ctx -> new RandomSafeWatermarks(disorder, seed))
                .withTimestampAssigner((e, previous) -> e.time()));
    }

    /**
     * {@code results} in order, to compare as multisets: AssertJ's {@code containsExactlyInAnyOrder}
     * takes time quadratic in their size, and some seeds make tens of thousands of pairs.
     */
    private static List<String> sorted(List<String> results) {
        List<String> copy = new ArrayList<>(results);
        copy.sort(null);
        return copy;
    }

    @Test
    void everyJoin_equalsANestedLoop_atParallelism1_2And4() throws Exception {
        long seed = Long.getLong("joins.seed", System.nanoTime()); // -Djoins.seed=... runs a printed seed again
        System.out.println("everyJoin_equalsANestedLoop seed=" + seed); // a timeout's message names none
        Random random = new Random(seed);
        for (int run = 0; run < 6; run++) {
            long disorder = 1 + random.nextInt(30);
            int keys = 2 + random.nextInt(12);
            List<Event> lefts = events(random, 300 + random.nextInt(300), keys, disorder, 0);
            List<Event> rights = events(random, 300 + random.nextInt(300), keys, disorder, 1_000_000);
            long lower = random.nextInt(40) - 30;
            long upper = lower + random.nextInt(40);
            long size = 5 + random.nextInt(40);
            long slide = run % 2 == 0 ? size : 1 + random.nextInt((int) size);
            long gap = 1 + random.nextInt(10);
            long watermarkSeed = random.nextLong();
            List<String> interval = intervalNestedLoop(lefts, rights, lower, upper);
            List<String> windowed = windowNestedLoop(lefts, rights, size, slide);
            List<String> sessions = sessionNestedLoop(lefts, rights, gap);
            assertThat(interval).as("seed=%d run=%d: the input makes interval pairs", seed, run).isNotEmpty();
            for (int parallelism : new int[] {1, 2, 4}) {
                String at = "seed=" + seed + " run=" + run + " parallelism=" + parallelism;
                StreamExecutionEnvironment env = StreamExecutionEnvironment.create().setParallelism(parallelism);
                env.getConfig().setAutoWatermarkInterval(Duration.ZERO);
                List<String> joined = stream(env, lefts, disorder, watermarkSeed).keyBy(Event::key)
                        .intervalJoin(stream(env, rights, disorder, ~watermarkSeed).keyBy(Event::key))
                        .between(Duration.ofMillis(lower), Duration.ofMillis(upper))
                        .process(new Pairs()).executeAndCollect();
                assertThat(sorted(joined)).as("interval join [%d, %d], %s", lower, upper, at).isEqualTo(sorted(interval));
                WindowAssigner<Object, TimeWindow> assigner = slide == size
                        ? TumblingEventTimeWindows.of(Duration.ofMillis(size))
                        : SlidingEventTimeWindows.of(Duration.ofMillis(size), Duration.ofMillis(slide));
                assertThat(sorted(windowJoin(env, lefts, rights, disorder, watermarkSeed, assigner, false)))
                        .as("window join size=%d slide=%d, %s", size, slide, at).isEqualTo(sorted(windowed));
                assertThat(sorted(windowJoin(env, lefts, rights, disorder, watermarkSeed, assigner, true)))
                        .as("window join over tagged elements, size=%d slide=%d, %s", size, slide, at)
                        .isEqualTo(sorted(windowed));
                // A session fires when the watermark reaches its end - 1, and a later element at exactly its end
                // (which the offline model merges, as sessions that touch do) then starts a session of its own,
                // in Flink as here. Watermarks a gap further behind keep such elements from coming after the firing.
                assertThat(sorted(windowJoin(env, lefts, rights, disorder + gap + 1, watermarkSeed,
                        EventTimeSessionWindows.withGap(Duration.ofMillis(gap)), parallelism == 2)))
                        .as("session join gap=%d, %s", gap, at).isEqualTo(sorted(sessions));
            }
        }
    }

    /**
     * @param tagged whether to name the default trigger, which takes the path over tagged elements
     *     (the one custom triggers and evictors take) instead of the untagged one
     */
    private static List<String> windowJoin(StreamExecutionEnvironment env, List<Event> lefts, List<Event> rights,
            long disorder, long watermarkSeed, WindowAssigner<Object, TimeWindow> assigner, boolean tagged)
            throws Exception {
        var windowed = stream(env, lefts, disorder, watermarkSeed).join(stream(env, rights, disorder, ~watermarkSeed))
                .where(Event::key).equalTo(Event::key).window(assigner);
        if (tagged) {
            windowed.trigger(EventTimeTrigger.create());
        }
        return windowed.apply((l, r) -> l.id() + "|" + r.id() + "|")
                .process(new StampWithTimestamp()).executeAndCollect();
    }

    @Test
    void theIntervalJoin_withLateElements_equalsANestedLoopOverThoseThatAreNotLate() {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        int late = 0;
        for (int run = 0; run < 20; run++) {
            int keys = 1 + random.nextInt(8);
            List<Event> lefts = events(random, 200, keys, 20, 0);
            List<Event> rights = events(random, 200, keys, 20, 1_000_000);
            long lower = random.nextInt(30) - 20;
            long upper = lower + random.nextInt(30);
            try (TestDriver driver = TestDriver.create()) {
                TestSource<Event> left = driver.source("left", Event.class);
                TestSource<Event> right = driver.source("right", Event.class);
                TestSink<String> out = driver.sink(left.stream().keyBy(Event::key)
                        .intervalJoin(right.stream().keyBy(Event::key))
                        .between(Duration.ofMillis(lower), Duration.ofMillis(upper)).process(new Pairs()));
                driver.start();
                List<Event> onTimeLefts = new ArrayList<>();
                List<Event> onTimeRights = new ArrayList<>();
                long[] watermarks = {Long.MIN_VALUE, Long.MIN_VALUE};
                int l = 0;
                int r = 0;
                while (l < lefts.size() || r < rights.size()) {
                    boolean fromLeft = r == rights.size() || l < lefts.size() && random.nextBoolean();
                    Event e = fromLeft ? lefts.get(l++) : rights.get(r++);
                    if (e.time() >= Math.min(watermarks[0], watermarks[1])) {
                        (fromLeft ? onTimeLefts : onTimeRights).add(e);
                    }
                    (fromLeft ? left : right).emit(e, e.time());
                    if (random.nextInt(8) == 0) { // a watermark that may overtake elements still to come
                        int side = random.nextInt(2);
                        long mark = e.time() - random.nextInt(25);
                        if (mark > watermarks[side]) {
                            watermarks[side] = mark;
                            (side == 0 ? left : right).emitWatermark(mark);
                        }
                    }
                }
                left.finish();
                right.finish();
                late += 400 - onTimeLefts.size() - onTimeRights.size();
                assertThat(sorted(out.records())).as("seed=%d run=%d bounds [%d, %d]", seed, run, lower, upper)
                        .isEqualTo(sorted(intervalNestedLoop(onTimeLefts, onTimeRights, lower, upper)));
                assertThat(driver.numKeyedStateEntries("IntervalJoin")).isZero();
            }
        }
        assertThat(late).as("seed=%d: elements were late", seed).isPositive();
    }
}
