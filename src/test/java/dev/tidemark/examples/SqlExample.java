package dev.tidemark.examples;

import dev.tidemark.api.DataStream;
import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.examples.SensorReadingsExample.Reading;
import dev.tidemark.table.Row;
import dev.tidemark.table.Schema;
import dev.tidemark.table.StreamTableEnvironment;
import java.time.Duration;
import java.util.List;

/**
 * The sensor readings of {@link SensorReadingsExample} in SQL: the mean temperature per sensor in
 * 5-second event-time windows, as a TUMBLE window aggregation over a table whose rowtime is computed
 * from the readings' epoch milliseconds, with a watermark 2 seconds behind the latest reading.
 * Readings that come after their window fired are dropped (and counted), as SQL has no late side
 * output.
 *
 * <p>Run it with {@code mvn -q test-compile exec:java@example -Dexample.main=dev.tidemark.examples.SqlExample}.
 */
public final class SqlExample {

    static final String QUERY = """
            SELECT sensor, window_start, window_end, AVG(celsius) AS mean, COUNT(*) AS readings
            FROM TABLE(TUMBLE(TABLE readings, DESCRIPTOR(ts), INTERVAL '5' SECONDS))
            GROUP BY window_start, window_end, sensor""";

    /** The query's rows over the bundled readings. */
    static DataStream<Row> meansPerWindow(StreamExecutionEnvironment env) throws Exception {
        // one instance, and a watermark after every reading: readings meet the watermark in file order, so which
        // of them are late, and the output, are the same every run
        env.setParallelism(1);
        env.getConfig().setAutoWatermarkInterval(Duration.ZERO);
        DataStream<Reading> readings = env.fromCollection(SensorReadingsExample.readLines("/examples/sensor-readings.csv"))
                .map(Reading::parse).returns(Reading.class);
        StreamTableEnvironment tEnv = StreamTableEnvironment.create(env);
        tEnv.createTemporaryView("readings", readings, Schema.newBuilder()
                .columnByExpression("ts", "TO_TIMESTAMP_LTZ(`timestamp`, 3)")
                .watermark("ts", "ts - INTERVAL '2' SECOND")
                .build());
        return tEnv.toDataStream(tEnv.sqlQuery(QUERY));
    }

    public static void main(String[] args) throws Exception {
        List<Row> rows = meansPerWindow(StreamExecutionEnvironment.getExecutionEnvironment()).executeAndCollect();
        rows.forEach(System.out::println);
    }
}
