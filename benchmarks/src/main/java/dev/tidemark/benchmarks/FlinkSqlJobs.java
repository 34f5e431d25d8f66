package dev.tidemark.benchmarks;

import java.time.Duration;
import java.time.Instant;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.api.java.tuple.Tuple3;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.api.Schema;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;
import org.apache.flink.types.Row;

/**
 * W1 and W2's sums in Flink's SQL: the same events and watermarks as a table whose rowtime is the
 * records' timestamp, and the same TUMBLE or HOP query as {@link SqlJobs}, on the kept mini cluster.
 */
public final class FlinkSqlJobs {

    private FlinkSqlJobs() {}

    /** {@link SqlJobs#windows}'s query on Flink. */
    @SuppressWarnings("deprecation")
    public static Result windows(long events, long eventsPerMilli, int parallelism, int windowsPerEvent)
            throws Exception {
        return FlinkJobs.run("windows in Flink SQL", parallelism, env -> {
            DataStream<Tuple3<Long, Long, Long>> stream = env.fromSequence(0, events - 1)
                    .map(i -> Tuple3.of(Events.key(i), Events.value(i), Events.timestamp(i, eventsPerMilli)))
                    .returns(org.apache.flink.api.common.typeinfo.Types.TUPLE(
                            org.apache.flink.api.common.typeinfo.Types.LONG, org.apache.flink.api.common.typeinfo.Types.LONG,
                            org.apache.flink.api.common.typeinfo.Types.LONG))
                    .assignTimestampsAndWatermarks(WatermarkStrategy.<Tuple3<Long, Long, Long>>forBoundedOutOfOrderness(
                            Duration.ofMillis(Events.DISORDER_MILLIS)).withTimestampAssigner((e, previous) -> e.f2));
            StreamTableEnvironment tEnv = StreamTableEnvironment.create(env);
            tEnv.createTemporaryView("events", stream, Schema.newBuilder()
                    .columnByMetadata("rowtime", DataTypes.TIMESTAMP_LTZ(3))
                    .watermark("rowtime", "SOURCE_WATERMARK()")
                    .build());
            tEnv.toDataStream(tEnv.sqlQuery(SqlJobs.query(windowsPerEvent, "f0", "f1"))).map(new Hash())
                    .addSink(new FlinkJobs.Sink());
        });
    }

    /** W1's hash of a result row (key, window start, sum). */
    static final class Hash implements MapFunction<Row, Long> {
        @Override
        public Long map(Row row) {
            Object start = row.getField(0);
            long millis = start instanceof Instant i ? i.toEpochMilli()
                    : ((java.time.LocalDateTime) start).toInstant(java.time.ZoneOffset.UTC).toEpochMilli();
            return Events.resultHash((Long) row.getField(1), millis, (Long) row.getField(2));
        }
    }
}
