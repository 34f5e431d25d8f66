package dev.tidemark.benchmarks;

import dev.tidemark.api.KeyedStream;
import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.api.functions.AggregateFunction;
import dev.tidemark.api.functions.Collector;
import dev.tidemark.api.functions.ProcessWindowFunction;
import dev.tidemark.windowing.assigners.TumblingEventTimeWindows;
import dev.tidemark.windowing.windows.TimeWindow;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/** W1: keyBy, 1-second tumbling event-time windows, sum; on Tidemark and as a hand-written loop. */
public final class TumblingWindowJobs {

    private TumblingWindowJobs() {}

    /** Runs W1 on Tidemark and returns what the sink saw. */
    public static Result tidemark(long events, long eventsPerMilli, int parallelism) throws InterruptedException {
        return tidemark(events, eventsPerMilli, parallelism, null);
    }

    /** Runs W1 on Tidemark, checkpointing every second into {@code checkpoints} unless it is {@code null}. */
    public static Result tidemark(long events, long eventsPerMilli, int parallelism, java.nio.file.Path checkpoints)
            throws InterruptedException {
        return TidemarkJobs.run("W1 tumbling", parallelism, env -> {
            if (checkpoints != null) {
                env.enableCheckpointing(Duration.ofSeconds(1), checkpoints);
            }
            sum(TidemarkJobs.keyedEvents(env, new GeneratorSource(events, eventsPerMilli, checkpoints != null)));
        });
    }

    /**
     * Runs W1 as built on Tidemark, through the Flink runner, on Flink's kept mini cluster: the same
     * pipeline, translated into a Flink job.
     */
    public static Result throughFlinkRunner(long events, long eventsPerMilli, int parallelism) throws Exception {
        ResultSink.reset();
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create().setParallelism(parallelism);
        sum(TidemarkJobs.keyedEvents(env, new GeneratorSource(events, eventsPerMilli)));
        org.apache.flink.streaming.api.environment.StreamExecutionEnvironment flink =
                org.apache.flink.streaming.api.environment.StreamExecutionEnvironment.getExecutionEnvironment();
        dev.tidemark.flink.FlinkRunner.translate(env, flink);
        FlinkCluster.execute(flink, "W1 tumbling through the Flink runner");
        return ResultSink.result();
    }

    /** Runs W1 on Tidemark from the library's {@code DataGeneratorSource} rather than a source function of its own. */
    public static Result tidemarkFromDataGenerator(long events, long eventsPerMilli, int parallelism)
            throws InterruptedException {
        return TidemarkJobs.run("W1 tumbling from a data generator", parallelism,
                env -> sum(TidemarkJobs.keyedGeneratedEvents(env, events, eventsPerMilli)));
    }

    /** Runs W1 on Tidemark keyed by a {@code LongKeySelector}: no key boxed per event. */
    public static Result tidemarkLongKeys(long events, long eventsPerMilli, int parallelism) throws InterruptedException {
        return TidemarkJobs.run("W1 tumbling, long keys", parallelism,
                env -> sum(TidemarkJobs.keyedEventsByLong(env, new GeneratorSource(events, eventsPerMilli))));
    }

    /**
     * W1 as two jobs at parallelism 1, one on the even events and one on the odd, at the same time:
     * two pipelines that share nothing, the most two threads of W1 can get from the machine.
     */
    public static Result tidemarkSideBySide(long events, long eventsPerMilli) throws InterruptedException {
        return TidemarkJobs.runSideBySide("W1 tumbling", 2,
                (env, part) -> sum(TidemarkJobs.keyedEvents(env, new GeneratorSource(events, eventsPerMilli, part, 2))));
    }

    private static void sum(KeyedStream<Event, Long> events) {
        events.window(TumblingEventTimeWindows.of(Duration.ofSeconds(1)))
                .aggregate(new Sum(), new Hash())
                .addSink(new ResultSink());
    }

    /** Sums values. */
    static final class Sum implements AggregateFunction<Event, long[], Long> {
        @Override
        public long[] createAccumulator() {
            return new long[1];
        }

        @Override
        public long[] add(Event e, long[] acc) {
            acc[0] += e.value();
            return acc;
        }

        @Override
        public Long getResult(long[] acc) {
            return acc[0];
        }

        @Override
        public long[] merge(long[] a, long[] b) {
            return new long[] {a[0] + b[0]};
        }
    }

    /** The result's hash, for the checksum. */
    static final class Hash extends ProcessWindowFunction<Long, Long, Long, TimeWindow> {
        @Override
        public void process(Long key, Context ctx, Iterable<Long> sums, Collector<Long> out) {
            out.collect(Events.resultHash(key, ctx.window().start(), sums.iterator().next()));
        }
    }

    /**
     * The same results from a single-threaded loop over a plain map of accumulators, firing windows
     * as a watermark {@code max - 1001} passes their end every 1000 events: the practical limit.
     */
    public static Result baseline(long events, long eventsPerMilli) {
        return baseline(events, eventsPerMilli, 0, 1);
    }

    /** {@link #baseline} of the events {@code i} with {@code i % parts == part} alone. */
    public static Result baseline(long events, long eventsPerMilli, int part, int parts) {
        TreeMap<Long, Map<Long, long[]>> windows = new TreeMap<>();
        long maxTimestamp = Long.MIN_VALUE;
        long count = 0;
        long checksum = 0;
        long seen = 0;
        for (long i = part; i < events; i += parts) {
            long ts = Events.timestamp(i, eventsPerMilli);
            long start = ts - Math.floorMod(ts, 1_000);
            windows.computeIfAbsent(start, s -> new HashMap<>()).computeIfAbsent(Events.key(i), k -> new long[1])[0] +=
                    Events.value(i);
            maxTimestamp = Math.max(maxTimestamp, ts);
            if (++seen % 1_000 == 0) {
                long watermark = maxTimestamp - Events.DISORDER_MILLIS - 1;
                while (!windows.isEmpty() && windows.firstKey() + 999 <= watermark) {
                    Map.Entry<Long, Map<Long, long[]>> fired = windows.pollFirstEntry();
                    for (Map.Entry<Long, long[]> e : fired.getValue().entrySet()) {
                        count++;
                        checksum += Events.resultHash(e.getKey(), fired.getKey(), e.getValue()[0]);
                    }
                }
            }
        }
        for (Map.Entry<Long, Map<Long, long[]>> fired : windows.entrySet()) {
            for (Map.Entry<Long, long[]> e : fired.getValue().entrySet()) {
                count++;
                checksum += Events.resultHash(e.getKey(), fired.getKey(), e.getValue()[0]);
            }
        }
        return new Result(count, checksum);
    }
}
