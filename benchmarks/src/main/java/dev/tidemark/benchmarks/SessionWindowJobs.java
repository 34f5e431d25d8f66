package dev.tidemark.benchmarks;

import dev.tidemark.api.KeyedStream;
import dev.tidemark.api.functions.Aggregations;
import dev.tidemark.api.functions.RichFunction;
import dev.tidemark.api.functions.RuntimeContext;
import dev.tidemark.api.source.ParallelSourceFunction;
import dev.tidemark.windowing.assigners.EventTimeSessionWindows;
import java.time.Duration;
import java.util.Arrays;

/**
 * W3: keyBy, event-time session windows with a 5 s gap, count, over keys that arrive in bursts: in
 * each 10 s of event time only half of the 10,000 keys are active (the other half in the next 10 s),
 * so sessions open and close all the time. On Tidemark and as a loop.
 */
public final class SessionWindowJobs {

    static final long GAP = 5_000;
    static final long EPOCH = 10_000;

    private SessionWindowJobs() {}

    /** The key of event {@code i}: one of the half of the keys active in its 10 s of event time. */
    public static long key(long i, long eventsPerMilli) {
        long epoch = i / eventsPerMilli / EPOCH;
        return (epoch % 2) * 5_000 + (i * 7919) % 5_000;
    }

    /** Runs W3 on Tidemark and returns what the sink saw. */
    public static Result tidemark(long events, long eventsPerMilli, int parallelism) throws InterruptedException {
        return TidemarkJobs.run("W3 sessions", parallelism,
                env -> count(TidemarkJobs.keyedEvents(env, new BurstSource(events, eventsPerMilli))));
    }

    /** Runs W3 on Tidemark keyed by a {@code LongKeySelector}: an event that joins a session boxes no key. */
    public static Result tidemarkLongKeys(long events, long eventsPerMilli, int parallelism) throws InterruptedException {
        return TidemarkJobs.run("W3 sessions, long keys", parallelism,
                env -> count(TidemarkJobs.keyedEventsByLong(env, new BurstSource(events, eventsPerMilli))));
    }

    private static void count(KeyedStream<Event, Long> events) {
        events.window(EventTimeSessionWindows.withGap(Duration.ofMillis(GAP)))
                .aggregate(Aggregations.<Event>count(), new TumblingWindowJobs.Hash())
                .addSink(new ResultSink());
    }

    /** The workload's events with bursty keys; instance {@code k} of {@code n} emits {@code k, k+n, ...}. */
    static final class BurstSource implements ParallelSourceFunction<Event>, RichFunction {
        private final long count;
        private final long eventsPerMilli;
        private long first;
        private long step = 1;
        private volatile boolean running = true;

        BurstSource(long count, long eventsPerMilli) {
            this.count = count;
            this.eventsPerMilli = eventsPerMilli;
        }

        @Override
        public void open(RuntimeContext context) {
            first = context.getIndexOfThisSubtask();
            step = context.getNumberOfParallelSubtasks();
        }

        @Override
        public void run(SourceContext<Event> ctx) {
            for (long i = first; i < count && running; i += step) {
                ctx.collect(new Event(key(i, eventsPerMilli), Events.value(i), Events.timestamp(i, eventsPerMilli)));
            }
        }

        @Override
        public void cancel() {
            running = false;
        }
    }

    /**
     * The same sessions computed offline: every (key, timestamp) sorted, split where the next event of
     * a key is more than the gap after the previous one (windows that touch merge, as in Flink).
     */
    public static Result baseline(long events, long eventsPerMilli) {
        long[] keyAndTime = new long[(int) events];
        for (long i = 0; i < events; i++) {
            keyAndTime[(int) i] = (key(i, eventsPerMilli) << 44) | Events.timestamp(i, eventsPerMilli);
        }
        Arrays.sort(keyAndTime);
        long count = 0;
        long checksum = 0;
        long mask = (1L << 44) - 1;
        int from = 0;
        for (int i = 1; i <= keyAndTime.length; i++) {
            boolean split = i == keyAndTime.length || (keyAndTime[i] >>> 44) != (keyAndTime[i - 1] >>> 44)
                    || (keyAndTime[i] & mask) - (keyAndTime[i - 1] & mask) > GAP;
            if (split) {
                count++;
                checksum += Events.resultHash(keyAndTime[from] >>> 44, keyAndTime[from] & mask, i - from);
                from = i;
            }
        }
        return new Result(count, checksum);
    }
}
