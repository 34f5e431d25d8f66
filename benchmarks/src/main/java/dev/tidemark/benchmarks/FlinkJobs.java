package dev.tidemark.benchmarks;

import java.time.Duration;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.AggregateFunction;
import org.apache.flink.api.java.tuple.Tuple3;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.RichSinkFunction;
import org.apache.flink.streaming.api.functions.windowing.ProcessWindowFunction;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.flink.streaming.api.windowing.windows.TimeWindow;
import org.apache.flink.util.Collector;

/** The workloads on Apache Flink (object reuse on, a kept mini cluster: see {@link FlinkCluster}), for comparison. */
public final class FlinkJobs {

    private FlinkJobs() {}

    /** W1 on Flink: the same events, strategy, windows, aggregate and checksum as on Tidemark. */
    @SuppressWarnings("deprecation")
    public static Result tumbling(long events, long eventsPerMilli, int parallelism) throws Exception {
        return run("W1 tumbling on Flink", parallelism, env -> keyedEvents(env, events, eventsPerMilli, Events::key)
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(1)))
                .aggregate(new Sum(false), new Hash())
                .addSink(new Sink()));
    }

    /** W2 on Flink: the same events and strategy, windows sliding by 1 s, count. */
    @SuppressWarnings("deprecation")
    public static Result sliding(long events, long eventsPerMilli, int parallelism, int windowsPerEvent) throws Exception {
        return run("W2 sliding on Flink", parallelism, env -> keyedEvents(env, events, eventsPerMilli, Events::key)
                .window(org.apache.flink.streaming.api.windowing.assigners.SlidingEventTimeWindows.of(
                        Duration.ofMillis(SlidingWindowJobs.size(windowsPerEvent)), Duration.ofMillis(SlidingWindowJobs.SLIDE)))
                .aggregate(new Sum(true), new Hash())
                .addSink(new Sink()));
    }

    /** W2 with {@code sum} of each event's value on Flink: a field aggregation, on tuples as Flink has them. */
    public static Result slidingSum(long events, long eventsPerMilli, int parallelism, int windowsPerEvent)
            throws Exception {
        long size = SlidingWindowJobs.size(windowsPerEvent);
        return run("W2 sliding sum on Flink", parallelism, env -> keyedEvents(env, events, eventsPerMilli, Events::key)
                .window(org.apache.flink.streaming.api.windowing.assigners.SlidingEventTimeWindows.of(
                        Duration.ofMillis(size), Duration.ofMillis(SlidingWindowJobs.SLIDE)))
                .sum(1)
                .process(new SumHash(size))
                .addSink(new Sink()));
    }

    /** A window's sum, hashed with its key and start (the result's timestamp is the window's last millisecond). */
    static final class SumHash extends org.apache.flink.streaming.api.functions.ProcessFunction<Tuple3<Long, Long, Long>, Long> {
        private final long size;

        SumHash(long size) {
            this.size = size;
        }

        @Override
        public void processElement(Tuple3<Long, Long, Long> sum, Context ctx, Collector<Long> out) {
            out.collect(Events.resultHash(sum.f0, ctx.timestamp() + 1 - size, sum.f1));
        }
    }

    /**
     * {@link WindowProcessJobs} on Flink: a {@code ProcessWindowFunction} that sums every element of
     * its window (tumbling for one window per event, else sliding by a second).
     */
    @SuppressWarnings("deprecation")
    public static Result windowProcess(long events, long eventsPerMilli, int parallelism, int windowsPerEvent)
            throws Exception {
        return run("windows with a process function on Flink", parallelism, env -> {
            var keyed = keyedEvents(env, events, eventsPerMilli, Events::key);
            var windows = windowsPerEvent == 1
                    ? keyed.window(TumblingEventTimeWindows.of(Duration.ofMillis(SlidingWindowJobs.SLIDE)))
                    : keyed.window(org.apache.flink.streaming.api.windowing.assigners.SlidingEventTimeWindows.of(
                            Duration.ofMillis(SlidingWindowJobs.size(windowsPerEvent)),
                            Duration.ofMillis(SlidingWindowJobs.SLIDE)));
            windows.process(new SumAll()).addSink(new Sink());
        });
    }

    /** Sums the values of every element of the window, as {@link WindowProcessJobs}'s function does. */
    static final class SumAll extends ProcessWindowFunction<Tuple3<Long, Long, Long>, Long, Long, TimeWindow> {
        @Override
        public void process(Long key, Context ctx, Iterable<Tuple3<Long, Long, Long>> events, Collector<Long> out) {
            long sum = 0;
            for (Tuple3<Long, Long, Long> e : events) {
                sum += e.f1;
            }
            out.collect(Events.resultHash(key, ctx.window().getStart(), sum));
        }
    }

    /** W3 on Flink: bursty keys, 5 s session windows, count. */
    @SuppressWarnings("deprecation")
    public static Result sessions(long events, long eventsPerMilli, int parallelism) throws Exception {
        return run("W3 sessions on Flink", parallelism, env -> keyedEvents(env, events, eventsPerMilli,
                        i -> SessionWindowJobs.key(i, eventsPerMilli))
                .window(org.apache.flink.streaming.api.windowing.assigners.EventTimeSessionWindows.withGap(
                        Duration.ofMillis(SessionWindowJobs.GAP)))
                .aggregate(new Sum(true), new Hash())
                .addSink(new Sink()));
    }

    /**
     * W4 on Flink: a keyed process function with one event-time timer per element; with
     * {@code keyedState}, also counting each key's elements in a {@code ValueState}.
     */
    @SuppressWarnings("deprecation")
    public static Result timers(long events, long eventsPerMilli, int parallelism, boolean keyedState)
            throws Exception {
        return run("W4 timers on Flink", parallelism, env -> keyedEvents(env, events, eventsPerMilli, Events::key)
                .process(keyedState ? new CountAndTimerPerElement() : new TimerPerElement())
                .addSink(new Sink()));
    }

    static final class CountAndTimerPerElement extends org.apache.flink.streaming.api.functions.KeyedProcessFunction<
            Long, Tuple3<Long, Long, Long>, Long> {
        private transient org.apache.flink.api.common.state.ValueState<Long> count;

        @Override
        public void open(org.apache.flink.configuration.Configuration parameters) {
            count = getRuntimeContext().getState(
                    new org.apache.flink.api.common.state.ValueStateDescriptor<>("count", Long.class));
        }

        @Override
        public void processElement(Tuple3<Long, Long, Long> e, Context ctx, Collector<Long> out) throws Exception {
            Long seen = count.value();
            count.update(seen == null ? 1 : seen + 1);
            ctx.timerService().registerEventTimeTimer(e.f2 + TimerJobs.DELAY);
        }

        @Override
        public void onTimer(long timestamp, OnTimerContext ctx, Collector<Long> out) {
            out.collect(Events.resultHash(ctx.getCurrentKey(), timestamp, 1));
        }
    }

    static final class TimerPerElement extends org.apache.flink.streaming.api.functions.KeyedProcessFunction<Long,
            Tuple3<Long, Long, Long>, Long> {
        @Override
        public void processElement(Tuple3<Long, Long, Long> e, Context ctx, Collector<Long> out) {
            ctx.timerService().registerEventTimeTimer(e.f2 + TimerJobs.DELAY);
        }

        @Override
        public void onTimer(long timestamp, OnTimerContext ctx, Collector<Long> out) {
            out.collect(Events.resultHash(ctx.getCurrentKey(), timestamp, 1));
        }
    }

    /** The key of event {@code i}; serializable, as Flink ships it to its tasks. */
    interface KeyOf extends java.io.Serializable {
        long key(long i);
    }

    /** Builds a pipeline into a sink of results. */
    interface Pipeline {
        void build(StreamExecutionEnvironment env);
    }

    /**
     * Runs {@code pipeline} (object reuse on) on the kept {@link FlinkCluster} and returns what the
     * sink saw.
     */
    static Result run(String name, int parallelism, Pipeline pipeline) throws Exception {
        ResultSink.reset();
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(parallelism, new Configuration());
        env.getConfig().enableObjectReuse();
        pipeline.build(env);
        FlinkCluster.execute(env, name);
        return ResultSink.result();
    }

    /** The workload's events as (key, value, timestamp), with the shared watermark strategy, keyed. */
    private static org.apache.flink.streaming.api.datastream.KeyedStream<Tuple3<Long, Long, Long>, Long> keyedEvents(
            StreamExecutionEnvironment env, long events, long eventsPerMilli, KeyOf keyOf) {
        return env.fromSequence(0, events - 1)
                .map(i -> Tuple3.of(keyOf.key(i), Events.value(i), Events.timestamp(i, eventsPerMilli)))
                .returns(org.apache.flink.api.common.typeinfo.Types.TUPLE(
                        org.apache.flink.api.common.typeinfo.Types.LONG, org.apache.flink.api.common.typeinfo.Types.LONG,
                        org.apache.flink.api.common.typeinfo.Types.LONG))
                .assignTimestampsAndWatermarks(WatermarkStrategy.<Tuple3<Long, Long, Long>>forBoundedOutOfOrderness(
                        Duration.ofMillis(Events.DISORDER_MILLIS)).withTimestampAssigner((e, previous) -> e.f2))
                .keyBy(e -> e.f0);
    }

    /** Sums, per window, each event's value ({@code counting = false}) or 1 (a count). */
    static final class Sum implements AggregateFunction<Tuple3<Long, Long, Long>, long[], Long> {
        private final boolean counting;

        Sum(boolean counting) {
            this.counting = counting;
        }

        @Override
        public long[] createAccumulator() {
            return new long[1];
        }

        @Override
        public long[] add(Tuple3<Long, Long, Long> e, long[] acc) {
            acc[0] += counting ? 1 : e.f1;
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

    static final class Hash extends ProcessWindowFunction<Long, Long, Long, TimeWindow> {
        @Override
        public void process(Long key, Context ctx, Iterable<Long> sums, Collector<Long> out) {
            out.collect(Events.resultHash(key, ctx.window().getStart(), sums.iterator().next()));
        }
    }

    /** {@link ResultSink} on Flink: each instance tallies its own results and adds them when it closes. */
    @SuppressWarnings("deprecation")
    static final class Sink extends RichSinkFunction<Long> {
        private final ResultSink.Tally tally = new ResultSink.Tally();

        @Override
        public void invoke(Long hash, Context context) {
            tally.add(hash);
        }

        @Override
        public void close() {
            tally.flush();
        }
    }
}
