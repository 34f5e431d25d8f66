package dev.tidemark.examples;

import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.table.StreamTableEnvironment;
import dev.tidemark.table.TableResult;
import java.time.Duration;

/**
 * A pipeline written in SQL alone: a table over the bundled sensor readings (a CSV file whose rowtime
 * is computed from epoch milliseconds, with a watermark 2 seconds behind the latest reading), and
 * an {@code INSERT INTO} that writes each reading with the lowest and the mean temperature of its
 * sensor over the 5 seconds up to it (an OVER window in event time) to a table that prints its rows.
 * Readings that come after the watermark passed them are dropped and counted.
 *
 * <p>Run it with {@code mvn -q test-compile exec:java@example -Dexample.main=dev.tidemark.examples.SqlPipelineExample}.
 */
public final class SqlPipelineExample {

    static final String READINGS = """
            CREATE TABLE readings (
              ts_ms BIGINT, sensor STRING, celsius DOUBLE,
              ts AS TO_TIMESTAMP_LTZ(ts_ms, 3),
              WATERMARK FOR ts AS ts - INTERVAL '2' SECOND
            ) WITH (
              'connector' = 'filesystem', 'path' = 'src/test/resources/examples/sensor-readings.csv',
              'format' = 'csv', 'csv.allow-comments' = 'true'
            )""";

    static final String INSERT = """
            INSERT INTO recent
            SELECT sensor, ts, celsius,
              MIN(celsius) OVER last_five AS low,
              AVG(celsius) OVER last_five AS mean
            FROM readings""".replace("last_five", "(PARTITION BY sensor ORDER BY ts"
            + " RANGE BETWEEN INTERVAL '5' SECOND PRECEDING AND CURRENT ROW)");

    /** Declares the tables, {@code recent} with the connector options {@code with}, and starts the INSERT. */
    static TableResult run(StreamExecutionEnvironment env, String with) {
        // one instance, and a watermark after every reading: which readings are late is the same every run
        env.setParallelism(1);
        env.getConfig().setAutoWatermarkInterval(Duration.ZERO);
        StreamTableEnvironment tEnv = StreamTableEnvironment.create(env);
        tEnv.executeSql(READINGS);
        tEnv.executeSql("CREATE TABLE recent (sensor STRING, ts TIMESTAMP_LTZ(3), celsius DOUBLE, low DOUBLE,"
                + " mean DOUBLE) WITH (" + with + ")");
        return tEnv.executeSql(INSERT);
    }

    public static void main(String[] args) throws Exception {
        run(StreamExecutionEnvironment.getExecutionEnvironment(), "'connector' = 'print'").await();
    }
}
