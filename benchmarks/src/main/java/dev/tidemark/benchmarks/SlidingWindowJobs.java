package dev.tidemark.benchmarks;

import dev.tidemark.api.functions.AggregateFunction;
import dev.tidemark.api.functions.Aggregations;
import dev.tidemark.api.functions.Collector;
import dev.tidemark.api.functions.ProcessFunction;
import dev.tidemark.windowing.assigners.SlidingEventTimeWindows;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * W2: keyBy, event-time windows sliding by 1 second, as long as the number of windows per event
 * says (10 s for ten), count; on Tidemark and as a loop.
 */
public final class SlidingWindowJobs {

    static final long SLIDE = 1_000;

    /** The window size that puts each event into {@code windowsPerEvent} windows. */
    static long size(int windowsPerEvent) {
        return SLIDE * windowsPerEvent;
    }

    private SlidingWindowJobs() {}

    /**
     * Runs W2 on Tidemark and returns what the sink saw: untuned, with a count that does not declare
     * its merge exact, as a user's own function or one ported from Flink would not (one count per key
     * and window); {@code tuned}, with {@code Aggregations.count()}, which declares it, so the windows
     * share one count per key and slide (panes).
     */
    public static Result tidemark(long events, long eventsPerMilli, int parallelism, boolean tuned, int windowsPerEvent)
            throws InterruptedException {
        boolean perWindow = !tuned;
        return TidemarkJobs.run("W2 sliding", parallelism, env -> TidemarkJobs.keyedEvents(env,
                        new GeneratorSource(events, eventsPerMilli))
                .window(SlidingEventTimeWindows.of(Duration.ofMillis(size(windowsPerEvent)), Duration.ofMillis(SLIDE)))
                .aggregate(perWindow ? new PerWindowCount() : Aggregations.<Event>count(), new TumblingWindowJobs.Hash())
                .addSink(new ResultSink()));
    }

    /**
     * W2 with the sum of each event's value, as a Flink user writes it: {@code sum("value")}, the
     * window's first event with its value replaced by the sum; hashed with the window's start, which
     * the result's timestamp (the window's last millisecond) gives. {@code perWindow} adds an allowed
     * lateness of 1 ms, which no event here needs but which keeps one sum per key and window: the
     * layout every sum had before panes applied to it.
     */
    public static Result tidemarkSum(long events, long eventsPerMilli, int parallelism, boolean perWindow,
            int windowsPerEvent) throws InterruptedException {
        long size = size(windowsPerEvent);
        return TidemarkJobs.run("W2 sliding sum", parallelism, env -> {
            var windowed = TidemarkJobs.keyedEvents(env, new GeneratorSource(events, eventsPerMilli))
                    .window(SlidingEventTimeWindows.of(Duration.ofMillis(size), Duration.ofMillis(SLIDE)));
            if (perWindow) {
                windowed.allowedLateness(Duration.ofMillis(1));
            }
            windowed.sum("value").process(new SumHash(size)).addSink(new ResultSink());
        });
    }

    /** A window's sum, hashed with its key and start. */
    static final class SumHash extends ProcessFunction<Event, Long> {
        private final long size;

        SumHash(long size) {
            this.size = size;
        }

        @Override
        public void processElement(Event sum, Context ctx, Collector<Long> out) {
            out.collect(Events.resultHash(sum.key(), ctx.timestamp() + 1 - size, sum.value()));
        }
    }

    /** The sums of {@link #tidemarkSum} from a single-threaded loop. */
    public static Result baselineSum(long events, long eventsPerMilli, int windowsPerEvent) {
        return loop(events, eventsPerMilli, windowsPerEvent, true);
    }

    /** {@code Aggregations.count()} without its promise that merge is exact: windows keep one count each. */
    static final class PerWindowCount implements AggregateFunction<Event, long[], Long> {
        private final AggregateFunction<Event, long[], Long> count = Aggregations.count();

        @Override
        public long[] createAccumulator() {
            return count.createAccumulator();
        }

        @Override
        public long[] add(Event e, long[] acc) {
            return count.add(e, acc);
        }

        @Override
        public Long getResult(long[] acc) {
            return count.getResult(acc);
        }

        @Override
        public long[] merge(long[] a, long[] b) {
            return count.merge(a, b);
        }
    }

    /** The same counts from a single-threaded loop: each event counted into each of its windows. */
    public static Result baseline(long events, long eventsPerMilli, int windowsPerEvent) {
        return loop(events, eventsPerMilli, windowsPerEvent, false);
    }

    private static Result loop(long events, long eventsPerMilli, int windowsPerEvent, boolean sums) {
        long size = size(windowsPerEvent);
        TreeMap<Long, Map<Long, long[]>> windows = new TreeMap<>();
        long maxTimestamp = Long.MIN_VALUE;
        long[] result = new long[2]; // count, checksum
        for (long i = 0; i < events; i++) {
            long ts = Events.timestamp(i, eventsPerMilli);
            long key = Events.key(i);
            for (long start = ts - Math.floorMod(ts, SLIDE); start > ts - size; start -= SLIDE) {
                windows.computeIfAbsent(start, s -> new HashMap<>()).computeIfAbsent(key, k -> new long[1])[0] +=
                        sums ? Events.value(i) : 1;
            }
            maxTimestamp = Math.max(maxTimestamp, ts);
            if (i % 1_000 == 999) {
                long watermark = maxTimestamp - Events.DISORDER_MILLIS - 1;
                while (!windows.isEmpty() && windows.firstKey() + size - 1 <= watermark) {
                    fire(windows.pollFirstEntry(), result);
                }
            }
        }
        while (!windows.isEmpty()) {
            fire(windows.pollFirstEntry(), result);
        }
        return new Result(result[0], result[1]);
    }

    private static void fire(Map.Entry<Long, Map<Long, long[]>> window, long[] result) {
        for (Map.Entry<Long, long[]> e : window.getValue().entrySet()) {
            result[0]++;
            result[1] += Events.resultHash(e.getKey(), window.getKey(), e.getValue()[0]);
        }
    }
}
