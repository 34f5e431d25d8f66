package dev.tidemark.benchmarks;

import java.time.Duration;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.java.tuple.Tuple3;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.co.ProcessJoinFunction;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.flink.util.Collector;

/** W5 on Apache Flink: the same two sides, joins and pair hashes as {@link JoinJobs}. */
public final class FlinkJoinJobs {

    private FlinkJoinJobs() {}

    /** The interval join on Flink. */
    public static Result intervalJoin(long events, long eventsPerMilli, int parallelism) throws Exception {
        return FlinkJobs.run("W5 interval join on Flink", parallelism, env -> side(env, events, eventsPerMilli, 0)
                .keyBy(e -> e.f0)
                .intervalJoin(side(env, events, eventsPerMilli, 1).keyBy(e -> e.f0))
                .between(Duration.ofMillis(-JoinJobs.INTERVAL), Duration.ofMillis(JoinJobs.INTERVAL))
                .process(new PairHash())
                .addSink(new FlinkJobs.Sink()));
    }

    /** The window join on Flink. */
    public static Result windowJoin(long events, long eventsPerMilli, int parallelism) throws Exception {
        return FlinkJobs.run("W5 window join on Flink", parallelism, env -> side(env, events, eventsPerMilli, 0)
                .join(side(env, events, eventsPerMilli, 1))
                .where(e -> e.f0).equalTo(e -> e.f0)
                .window(TumblingEventTimeWindows.of(Duration.ofMillis(JoinJobs.WINDOW)))
                .apply((left, right) -> JoinJobs.pairHash(left.f0, left.f2, right.f2), Types.LONG)
                .addSink(new FlinkJobs.Sink()));
    }

    static final class PairHash extends ProcessJoinFunction<Tuple3<Long, Long, Long>, Tuple3<Long, Long, Long>, Long> {
        @Override
        public void processElement(Tuple3<Long, Long, Long> left, Tuple3<Long, Long, Long> right, Context ctx,
                Collector<Long> out) {
            out.collect(JoinJobs.pairHash(left.f0, left.f2, right.f2));
        }
    }

    /** The events {@code i} with {@code i % 2 == side} as (key, value, timestamp), with the shared watermarks. */
    private static DataStream<Tuple3<Long, Long, Long>> side(StreamExecutionEnvironment env, long events,
            long eventsPerMilli, int side) {
        return env.fromSequence(0, (events - side + 1) / 2 - 1)
                .map(j -> {
                    long i = 2 * j + side;
                    return Tuple3.of(JoinJobs.key(i), Events.value(i), Events.timestamp(i, eventsPerMilli));
                })
                .returns(Types.TUPLE(Types.LONG, Types.LONG, Types.LONG))
                .assignTimestampsAndWatermarks(WatermarkStrategy.<Tuple3<Long, Long, Long>>forBoundedOutOfOrderness(
                        Duration.ofMillis(Events.DISORDER_MILLIS)).withTimestampAssigner((e, previous) -> e.f2));
    }
}
