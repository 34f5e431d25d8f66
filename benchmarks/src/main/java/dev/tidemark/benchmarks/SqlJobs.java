package dev.tidemark.benchmarks;

import dev.tidemark.api.DataStream;
import dev.tidemark.api.functions.MapFunction;
import dev.tidemark.eventtime.WatermarkStrategy;
import dev.tidemark.table.DataTypes;
import dev.tidemark.table.Row;
import dev.tidemark.table.Schema;
import dev.tidemark.table.StreamTableEnvironment;
import java.time.Duration;

/**
 * W1 in SQL: the same events, watermarks and 1 s tumbling windows summed per key, as a TUMBLE window
 * aggregation over a table whose rowtime is the records' timestamp; each result row becomes the
 * same hash as W1's. With more windows per event, the same sums in HOP windows sliding by 1 s (W2's
 * windows, summed as {@link SlidingWindowJobs#tidemarkSum} sums them).
 */
public final class SqlJobs {

    /** The sums of {@code windowsPerEvent} windows per event: TUMBLE for one, HOP sliding by 1 s for more. */
    static String query(int windowsPerEvent, String key, String value) {
        String windows = windowsPerEvent == 1 ? "TUMBLE(TABLE events, DESCRIPTOR(rowtime), INTERVAL '1' SECOND)"
                : "HOP(TABLE events, DESCRIPTOR(rowtime), INTERVAL '1' SECOND, INTERVAL '" + windowsPerEvent + "' SECOND)";
        return "SELECT window_start, " + key + ", SUM(" + value + ") AS total FROM TABLE(" + windows + ")"
                + " GROUP BY window_start, window_end, " + key;
    }

    private SqlJobs() {}

    /** Runs the sums of {@link #query} on Tidemark and returns what the sink saw. */
    public static Result windows(long events, long eventsPerMilli, int parallelism, int windowsPerEvent)
            throws InterruptedException {
        return TidemarkJobs.run("windows in SQL", parallelism, env -> {
            DataStream<Event> stream = env.addSource(new GeneratorSource(events, eventsPerMilli))
                    .setParallelism(env.getParallelism()).returns(Event.class)
                    .assignTimestampsAndWatermarks(WatermarkStrategy.<Event>forBoundedOutOfOrderness(
                            Duration.ofMillis(Events.DISORDER_MILLIS)).withTimestampAssigner((e, previous) -> e.timestamp()));
            StreamTableEnvironment tEnv = StreamTableEnvironment.create(env);
            tEnv.createTemporaryView("events", stream, Schema.newBuilder()
                    .columnByMetadata("rowtime", DataTypes.TIMESTAMP_LTZ(3)) // as Flink's docs declare it
                    .watermark("rowtime", "SOURCE_WATERMARK()")
                    .build());
            tEnv.toDataStream(tEnv.sqlQuery(query(windowsPerEvent, "`key`", "`value`"))).map(new Hash())
                    .addSink(new ResultSink());
        });
    }

    /** W1's hash of a result row (key, window start, sum). */
    static final class Hash implements MapFunction<Row, Long> {
        @Override
        public Long map(Row row) {
            long start = ((java.time.LocalDateTime) row.getField(0)).toInstant(java.time.ZoneOffset.UTC).toEpochMilli();
            return Events.resultHash((Long) row.getField(1), start, (Long) row.getField(2));
        }
    }
}
