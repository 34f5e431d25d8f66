package dev.tidemark.benchmarks;

import dev.tidemark.api.DataStream;
import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.api.functions.Collector;
import dev.tidemark.api.functions.ProcessJoinFunction;
import dev.tidemark.api.functions.RichFunction;
import dev.tidemark.api.functions.RuntimeContext;
import dev.tidemark.api.source.ParallelSourceFunction;
import dev.tidemark.eventtime.WatermarkStrategy;
import dev.tidemark.windowing.assigners.TumblingEventTimeWindows;
import java.time.Duration;
import java.util.Arrays;
import java.util.function.LongUnaryOperator;

/**
 * W5: joins of two streams cut from the shared workload: the left stream has the even events, the
 * right one the odd ones, and events {@code 2j} and {@code 2j + 1} share a key, so at R = 100 each
 * key has an element on each side every 200 ms (with the workload's disorder of up to 1 s). The
 * interval join pairs a left element with every right one of its key within 500 ms either way
 * (about 5 each); the window join pairs them within 1 s tumbling windows. Each pair emits the hash of
 * (key, left time, right time); a loop over the same events computes the same pairs.
 */
public final class JoinJobs {

    /** How far, either way, a right element may be from a left one in the interval join. */
    static final long INTERVAL = 500;
    /** The window join's tumbling windows. */
    static final long WINDOW = 1_000;

    private JoinJobs() {}

    /** The key of event {@code i}: events {@code 2j} and {@code 2j + 1} share it. */
    public static long key(long i) {
        return Events.key(i >>> 1);
    }

    static long pairHash(long key, long leftTime, long rightTime) {
        return Events.resultHash(key, leftTime, rightTime);
    }

    /** The interval join on Tidemark, written as a user would. */
    public static Result intervalJoin(long events, long eventsPerMilli, int parallelism) throws InterruptedException {
        return TidemarkJobs.run("W5 interval join", parallelism, env -> side(env, events, eventsPerMilli, 0)
                .keyBy(Event::key)
                .intervalJoin(side(env, events, eventsPerMilli, 1).keyBy(Event::key))
                .between(Duration.ofMillis(-INTERVAL), Duration.ofMillis(INTERVAL))
                .process(new PairHash())
                .addSink(new ResultSink()));
    }

    /** The window join on Tidemark, written as a user would. */
    public static Result windowJoin(long events, long eventsPerMilli, int parallelism) throws InterruptedException {
        return TidemarkJobs.run("W5 window join", parallelism, env -> side(env, events, eventsPerMilli, 0)
                .join(side(env, events, eventsPerMilli, 1))
                .where(Event::key).equalTo(Event::key)
                .window(TumblingEventTimeWindows.of(Duration.ofMillis(WINDOW)))
                .apply((left, right) -> pairHash(left.key(), left.timestamp(), right.timestamp()))
                .addSink(new ResultSink()));
    }

    static final class PairHash extends ProcessJoinFunction<Event, Event, Long> {
        @Override
        public void processElement(Event left, Event right, Context ctx, Collector<Long> out) {
            out.collect(pairHash(left.key(), left.timestamp(), right.timestamp()));
        }
    }

    private static DataStream<Event> side(StreamExecutionEnvironment env, long events, long eventsPerMilli, int side) {
        return env.addSource(new SideSource(events, eventsPerMilli, side)).setParallelism(env.getParallelism())
                .assignTimestampsAndWatermarks(WatermarkStrategy.<Event>forBoundedOutOfOrderness(
                        Duration.ofMillis(Events.DISORDER_MILLIS)).withTimestampAssigner((e, previous) -> e.timestamp()));
    }

    /** The events {@code i} with {@code i % 2 == side}; instance {@code k} of {@code n} emits every {@code n}-th. */
    static final class SideSource implements ParallelSourceFunction<Event>, RichFunction {
        private final long count;
        private final long eventsPerMilli;
        private final int side;
        private long first;
        private long step = 2;
        private volatile boolean running = true;

        SideSource(long count, long eventsPerMilli, int side) {
            this.count = count;
            this.eventsPerMilli = eventsPerMilli;
            this.side = side;
        }

        @Override
        public void open(RuntimeContext context) {
            first = side + 2L * context.getIndexOfThisSubtask();
            step = 2L * context.getNumberOfParallelSubtasks();
        }

        @Override
        public void run(SourceContext<Event> ctx) {
            for (long i = first; i < count && running; i += step) {
                ctx.collect(new Event(key(i), Events.value(i), Events.timestamp(i, eventsPerMilli)));
            }
        }

        @Override
        public void cancel() {
            running = false;
        }
    }

    /** The interval join's pairs from a loop: each side sorted by (key, time), then a range scan per left element. */
    public static Result intervalBaseline(long events, long eventsPerMilli) {
        return pairs(events, eventsPerMilli, time -> Math.max(0, time - INTERVAL), time -> time + INTERVAL);
    }

    /** The window join's pairs from a loop: the same scan, over the left element's window. */
    public static Result windowBaseline(long events, long eventsPerMilli) {
        return pairs(events, eventsPerMilli, time -> time - time % WINDOW, // timestamps are not negative
                time -> time - time % WINDOW + WINDOW - 1);
    }

    /** Every left element with every right one of its key whose time is in {@code [from(t), to(t)]}. */
    private static Result pairs(long events, long eventsPerMilli, LongUnaryOperator from, LongUnaryOperator to) {
        long[] left = sortedSide(events, eventsPerMilli, 0);
        long[] right = sortedSide(events, eventsPerMilli, 1);
        long count = 0;
        long checksum = 0;
        for (long l : left) {
            long key = l >>> 40;
            long time = l & TIME;
            long last = (key << 40) | to.applyAsLong(time);
            for (int r = firstAtLeast(right, (key << 40) | from.applyAsLong(time)); r < right.length && right[r] <= last;
                    r++) {
                count++;
                checksum += pairHash(key, time, right[r] & TIME);
            }
        }
        return new Result(count, checksum);
    }

    private static final long TIME = (1L << 40) - 1;

    /** One side's (key, time) pairs, key in the high bits, sorted. */
    private static long[] sortedSide(long events, long eventsPerMilli, int side) {
        long[] packed = new long[(int) ((events - side + 1) / 2)];
        int n = 0;
        for (long i = side; i < events; i += 2) {
            packed[n++] = (key(i) << 40) | Events.timestamp(i, eventsPerMilli);
        }
        Arrays.sort(packed);
        return packed;
    }

    private static int firstAtLeast(long[] sorted, long value) {
        int at = Arrays.binarySearch(sorted, value);
        if (at < 0) {
            return -at - 1;
        }
        while (at > 0 && sorted[at - 1] == value) {
            at--;
        }
        return at;
    }
}
