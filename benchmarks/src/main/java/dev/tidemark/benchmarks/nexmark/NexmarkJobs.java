package dev.tidemark.benchmarks.nexmark;

import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.api.sink.SinkFunction;
import dev.tidemark.benchmarks.Result;
import org.apache.flink.table.api.Schema;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;
import org.apache.flink.table.runtime.typeutils.ExternalTypeInfo;
import org.apache.flink.types.Row;
import org.apache.flink.types.RowKind;

/**
 * Runs a query over the generator's events on an engine, into a sink that counts the results and
 * sums a hash of each (order-independent, see {@link Answers}), so that engines can be held to the
 * same answer: the query as written, embedded; the same query through the Flink runner on Flink's
 * mini cluster; and the query's published Flink SQL on the same events.
 */
public final class NexmarkJobs {

    private NexmarkJobs() {}

    /** The query embedded, at {@code parallelism}. */
    public static Result tidemark(NexmarkQuery query, NexmarkConfig config, int parallelism) throws Exception {
        return tidemark(query, new NexmarkSource(config), parallelism);
    }

    /** The query embedded, at {@code parallelism}, over {@code source}'s events. */
    static Result tidemark(NexmarkQuery query, NexmarkSource source, int parallelism) throws Exception {
        Answers.reset();
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create().setParallelism(parallelism);
        build(env, query, source);
        env.execute("NEXMark " + query);
        return Answers.result();
    }

    /** The same query translated by the Flink runner, on Flink's mini cluster kept for the JVM. */
    public static Result throughFlinkRunner(NexmarkQuery query, NexmarkConfig config, int parallelism) throws Exception {
        return throughFlinkRunner(query, new NexmarkSource(config), parallelism);
    }

    /** The same query through the Flink runner, over {@code source}'s events. */
    static Result throughFlinkRunner(NexmarkQuery query, NexmarkSource source, int parallelism) throws Exception {
        Answers.reset();
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create().setParallelism(parallelism);
        build(env, query, source);
        org.apache.flink.streaming.api.environment.StreamExecutionEnvironment flink =
                org.apache.flink.streaming.api.environment.StreamExecutionEnvironment.getExecutionEnvironment();
        dev.tidemark.flink.FlinkRunner.translate(env, flink);
        dev.tidemark.benchmarks.FlinkCluster.execute(flink, "NEXMark " + query + " through the Flink runner");
        return Answers.result();
    }

    /**
     * The query's published Flink SQL over the same events, on Flink's kept mini cluster.
     *
     * @throws IllegalArgumentException if Flink's SQL does not run the query (q6)
     */
    public static Result flinkSql(NexmarkQuery query, NexmarkConfig config, int parallelism) throws Exception {
        return flinkSql(query, new FlinkNexmarkSource(config), parallelism);
    }

    /** The query's published Flink SQL over {@code source}'s events. */
    @SuppressWarnings("deprecation")
    static Result flinkSql(NexmarkQuery query, FlinkNexmarkSource source, int parallelism) throws Exception {
        String sql = FlinkSqlQueries.of(query)
                .orElseThrow(() -> new IllegalArgumentException(query + " does not run in Flink SQL"));
        Answers.reset();
        org.apache.flink.streaming.api.environment.StreamExecutionEnvironment flink =
                org.apache.flink.streaming.api.environment.StreamExecutionEnvironment.getExecutionEnvironment();
        flink.setParallelism(parallelism);
        StreamTableEnvironment tables = StreamTableEnvironment.create(flink);
        tables.createTemporaryView("nexmark",
                flink.addSource(source, "nexmark", ExternalTypeInfo.of(FlinkNexmarkSource.EVENT)),
                Schema.newBuilder().fromRowDataType(FlinkNexmarkSource.EVENT)
                        .watermark("dateTime", "`dateTime` - INTERVAL '4' SECOND").build());
        for (String view : FlinkSqlQueries.VIEWS) {
            tables.executeSql(view);
        }
        tables.toChangelogStream(tables.sqlQuery(sql))
                .addSink(new RowChecksum(FlinkSqlQueries.resultTime(query).orElse(null))).name("checksum");
        dev.tidemark.benchmarks.FlinkCluster.execute(flink, "NEXMark " + query + " in Flink SQL");
        return Answers.result();
    }

    @SuppressWarnings("unchecked")
    private static void build(StreamExecutionEnvironment env, NexmarkQuery query, NexmarkSource source) {
        ((dev.tidemark.api.DataStream<Object>) query.on(NexmarkStreams.events(env, source)))
                .addSink(new Checksum()).name("checksum");
    }

    /** Hands every result to {@link Answers}, and its timestamp to {@link Latencies}. */
    static final class Checksum implements SinkFunction<Object> {
        private static final long serialVersionUID = 1L;

        @Override
        public void invoke(Object result, Context context) {
            Answers.add(result);
            Latencies.record(context.timestamp());
        }
    }

    /**
     * Hands every row of a Flink SQL changelog to {@link Answers}, retractions as such, and its
     * time, if the query's rows hold one, to {@link Latencies}.
     */
    @SuppressWarnings("deprecation")
    static final class RowChecksum implements org.apache.flink.streaming.api.functions.sink.SinkFunction<Row> {
        private static final long serialVersionUID = 1L;
        private final FlinkSqlQueries.RowTime time; // null: the rows hold none

        RowChecksum(FlinkSqlQueries.RowTime time) {
            this.time = time;
        }

        @Override
        public void invoke(Row row, Context context) {
            int hash = 1;
            for (int i = 0; i < row.getArity(); i++) {
                hash = PublishedColumns.addColumn(hash, row.getField(i));
            }
            RowKind kind = row.getKind();
            Answers.add(hash,
                    kind == RowKind.INSERT || kind == RowKind.UPDATE_AFTER ? 1 : -1);
            if (time != null && Latencies.recording()) {
                Latencies.record(time.of(row));
            }
        }
    }
}
