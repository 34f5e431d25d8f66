package dev.tidemark.benchmarks;

import dev.tidemark.api.functions.AggregateFunction;
import dev.tidemark.api.functions.Aggregations;
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
        long size = size(windowsPerEvent);
        TreeMap<Long, Map<Long, long[]>> windows = new TreeMap<>();
        long maxTimestamp = Long.MIN_VALUE;
        long[] result = new long[2]; // count, checksum
        for (long i = 0; i < events; i++) {
            long ts = Events.timestamp(i, eventsPerMilli);
            long key = Events.key(i);
            for (long start = ts - Math.floorMod(ts, SLIDE); start > ts - size; start -= SLIDE) {
                windows.computeIfAbsent(start, s -> new HashMap<>()).computeIfAbsent(key, k -> new long[1])[0]++;
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
