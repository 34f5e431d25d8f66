package dev.tidemark.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tidemark.api.StreamExecutionEnvironment;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Statements S1, S2 and S13 of the design notes: tables declared in SQL over the filesystem,
 * datagen, print and blackhole connectors, read by queries and written with INSERT INTO, on real
 * files and real job threads.
 */
class SqlDdlTest {

    @TempDir
    Path dir;

    private final StreamExecutionEnvironment env = StreamExecutionEnvironment.create().setParallelism(1);
    private final StreamTableEnvironment tEnv = StreamTableEnvironment.create(env);

    private List<String> lines(Path directory) throws Exception {
        List<String> lines = new ArrayList<>();
        try (Stream<Path> files = Files.list(directory)) {
            for (Path file : files.filter(f -> f.getFileName().toString().startsWith("part-")).sorted().toList()) {
                lines.addAll(Files.readAllLines(file));
            }
        }
        return lines;
    }

    @Test
    void s1_s13_aCsvTableWithAWatermark_windowedIntoAJsonTable() throws Exception {
        Path bids = Files.writeString(dir.resolve("bids.csv"), String.join("\n",
                "2024-05-01 12:01:00,2.50,shoe",
                "2024-05-01 12:04:00,3,hat",
                "2024-05-01 12:09:59.999,\"4.00\",shoe",
                "2024-05-01 12:12:00,1,shoe",
                "2024-05-01 12:05:00,100,hat")); // a second past the watermark of 12:12 - 1 s: late
        tEnv.executeSql("CREATE TABLE bids (bidtime TIMESTAMP(3), price DECIMAL(10, 2), item STRING,\n"
                + "  WATERMARK FOR bidtime AS bidtime - INTERVAL '1' SECOND)\n"
                + "WITH ('connector' = 'filesystem', 'path' = '" + bids + "', 'format' = 'csv')");
        Path out = dir.resolve("totals");
        tEnv.executeSql("CREATE TABLE totals (window_start TIMESTAMP(3), item STRING, total DECIMAL(38, 2), n BIGINT)"
                + " WITH ('connector' = 'filesystem', 'path' = '" + out + "', 'format' = 'json')");
        env.getConfig().setAutoWatermarkInterval(java.time.Duration.ZERO); // a watermark after every row
        TableResult result = tEnv.executeSql("INSERT INTO totals SELECT window_start, item, SUM(price), COUNT(*) FROM"
                + " TABLE(TUMBLE(TABLE bids, DESCRIPTOR(bidtime), INTERVAL '10' MINUTES))"
                + " GROUP BY window_start, window_end, item");
        assertThat(result.getJobClient()).isPresent();
        result.await();
        assertThat(lines(out)).containsExactlyInAnyOrder(
                "{\"window_start\":\"2024-05-01 12:00:00.000\",\"item\":\"shoe\",\"total\":6.50,\"n\":2}",
                "{\"window_start\":\"2024-05-01 12:00:00.000\",\"item\":\"hat\",\"total\":3.00,\"n\":1}",
                "{\"window_start\":\"2024-05-01 12:10:00.000\",\"item\":\"shoe\",\"total\":1.00,\"n\":1}");
        assertThat(result.getJobClient().get().metrics()).containsEntry("WindowAggregate.numLateRecordsDropped", 1L);
    }

    @Test
    void s2_datagenRows_withComputedRowtimeAndProctime_readBackThroughAQuery() throws Exception {
        tEnv.executeSql("CREATE TABLE clicks (user_id STRING, url STRING, ts_ms BIGINT,\n"
                + "  ts AS TO_TIMESTAMP_LTZ(ts_ms, 3), pt AS PROCTIME(),\n"
                + "  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND)\n"
                + "WITH ('connector' = 'datagen', 'rows-per-second' = '1000000', 'fields.ts_ms.kind' = 'sequence',"
                + " 'fields.ts_ms.start' = '0', 'fields.ts_ms.end' = '2999', 'fields.user_id.length' = '1')");
        Table clicks = tEnv.sqlQuery("SELECT * FROM clicks");
        assertThat(clicks.getColumns()).hasToString("[user_id STRING, url STRING, ts_ms BIGINT, ts TIMESTAMP_LTZ(3)"
                + " *ROWTIME*, pt TIMESTAMP_LTZ(3) NOT NULL *PROCTIME*]");
        Table perSecond = tEnv.sqlQuery("SELECT window_start, COUNT(*) AS n, COUNT(user_id) AS users, MIN(ts_ms) AS first"
                + " FROM TABLE(TUMBLE(TABLE clicks, DESCRIPTOR(ts), INTERVAL '1' SECOND))"
                + " GROUP BY window_start, window_end");
        assertThat(tEnv.toDataStream(perSecond).executeAndCollect()).map(Row::toString).containsExactly(
                "+I[1970-01-01T00:00, 1000, 1000, 0]",
                "+I[1970-01-01T00:00:01, 1000, 1000, 1000]",
                "+I[1970-01-01T00:00:02, 1000, 1000, 2000]");
    }

    @Test
    void printAndBlackholeTables_takeInsertedRows() throws Exception {
        tEnv.executeSql("CREATE TABLE numbers (n INT) WITH ('connector' = 'datagen', 'fields.n.kind' = 'sequence',"
                + " 'fields.n.start' = '1', 'fields.n.end' = '3')");
        tEnv.executeSql("CREATE TABLE shown (n BIGINT, doubled INT) WITH ('connector' = 'print',"
                + " 'print-identifier' = 'sql')");
        tEnv.executeSql("CREATE TEMPORARY TABLE dropped (n INT) WITH ('connector' = 'blackhole')");
        PrintStream stdout = System.out;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
        try {
            tEnv.executeSql("INSERT INTO dropped SELECT n FROM numbers").await();
            tEnv.executeSql("INSERT INTO shown SELECT n, n * 2 FROM numbers").await(); // INT widens into BIGINT
        } finally {
            System.setOut(stdout);
        }
        assertThat(printed.toString(StandardCharsets.UTF_8).lines()).containsExactly("sql> +I[1, 2]", "sql> +I[2, 4]",
                "sql> +I[3, 6]");
    }

    @Test
    void tablesAndViews_stayReadableByTheJobsAfterTheFirst() throws Exception {
        tEnv.executeSql("CREATE TABLE numbers (n INT) WITH ('connector' = 'datagen', 'fields.n.kind' = 'sequence',"
                + " 'fields.n.start' = '1', 'fields.n.end' = '5')");
        tEnv.executeSql("CREATE VIEW small AS SELECT n FROM numbers WHERE n < 3");
        for (int run = 0; run < 2; run++) {
            assertThat(tEnv.toDataStream(tEnv.sqlQuery("SELECT n * 10 AS tens FROM small")).executeAndCollect())
                    .map(Row::toString).containsExactly("+I[10]", "+I[20]");
        }
    }

    @Test
    void aRowWithoutItsRowtime_failsTheJob_namingTheColumnAndTheOperator() throws Exception {
        Path bids = Files.writeString(dir.resolve("bids.csv"), "2024-05-01 12:01:00,shoe\n,hat\n");
        tEnv.executeSql("CREATE TABLE bids (bidtime TIMESTAMP(3), item STRING, WATERMARK FOR bidtime AS bidtime)"
                + " WITH ('connector' = 'filesystem', 'path' = '" + bids + "', 'format' = 'csv')");
        tEnv.executeSql("CREATE TABLE out (item STRING) WITH ('connector' = 'blackhole')");
        assertThatThrownBy(() -> tEnv.executeSql("INSERT INTO out SELECT item FROM bids").await())
                .hasMessageContaining("operator 'Watermarks'")
                .hasMessageContaining("the rowtime 'bidtime' of a row is NULL: every row of a table with event time"
                        + " needs one");
    }

    @Test
    void aStatementSet_runsSeveralInsertsAsOneJob() throws Exception {
        tEnv.executeSql("CREATE TABLE numbers (n INT) WITH ('connector' = 'datagen', 'fields.n.kind' = 'sequence',"
                + " 'fields.n.start' = '1', 'fields.n.end' = '4')");
        for (String table : List.of("odd", "even")) {
            tEnv.executeSql("CREATE TABLE " + table + " (n INT) WITH ('connector' = 'filesystem', 'path' = '"
                    + dir.resolve(table) + "', 'format' = 'csv')");
        }
        StatementSet inserts = tEnv.createStatementSet()
                .addInsertSql("INSERT INTO odd SELECT n FROM numbers WHERE n % 2 = 1")
                .addInsertSql("INSERT INTO even SELECT n FROM numbers WHERE n % 2 = 0");
        assertThatThrownBy(() -> inserts.addInsertSql("SELECT n FROM numbers"))
                .hasMessage("line 1, column 1: a statement set takes INSERT INTO statements only");
        inserts.execute().await();
        assertThat(lines(dir.resolve("odd"))).containsExactlyInAnyOrder("1", "3");
        assertThat(lines(dir.resolve("even"))).containsExactlyInAnyOrder("2", "4");
    }

    @Test
    void tablesThatCannotBeDeclaredOrWritten_sayWhy() throws Exception {
        assertThatThrownBy(() -> tEnv.executeSql("CREATE TABLE t (a INT) WITH ('connector' = 'jdbc')"))
                .hasMessage("line 1, column 1: connector 'jdbc' is not supported; the connectors are [blackhole, datagen,"
                        + " filesystem, kafka, print]");
        assertThatThrownBy(() -> tEnv.executeSql("CREATE TABLE t (a INT) WITH ('connector' = 'filesystem', 'path' ="
                + " '/tmp/x', 'format' = 'csv', 'sink.rolling-policy' = '1')"))
                .hasMessage("line 1, column 1: option 'sink.rolling-policy' is not one of connector 'filesystem'; its"
                        + " options are [csv.allow-comments, csv.field-delimiter, format, path, source.monitor-interval]");
        assertThatThrownBy(() -> tEnv.executeSql("CREATE TABLE t (a INT) WITH ('connector' = 'filesystem', 'format' ="
                + " 'csv')")).hasMessage("line 1, column 1: connector 'filesystem' needs the option 'path'");
        assertThatThrownBy(() -> tEnv.executeSql("CREATE TABLE t (a INT, WATERMARK FOR b AS b) WITH ('connector' ="
                + " 'blackhole')")).hasMessage("line 1, column 24: WATERMARK FOR b: no such column; the columns are [a]");
        assertThatThrownBy(() -> tEnv.executeSql("CREATE TABLE t (a INT, WATERMARK FOR a AS a) WITH ('connector' ="
                + " 'blackhole')")).hasMessage("line 1, column 24: WATERMARK FOR a: a rowtime is a TIMESTAMP(3) or"
                        + " TIMESTAMP_LTZ(3) column, not INT");
        tEnv.executeSql("CREATE TABLE sink (a INT, b STRING) WITH ('connector' = 'blackhole')");
        tEnv.executeSql("CREATE TABLE numbers (n BIGINT) WITH ('connector' = 'datagen', 'number-of-rows' = '3')");
        assertThatThrownBy(() -> tEnv.executeSql("INSERT INTO sink SELECT n FROM numbers"))
                .hasMessage("line 1, column 1: INSERT INTO sink: the query has 1 columns and the table 2 [a, b]");
        assertThatThrownBy(() -> tEnv.executeSql("INSERT INTO sink SELECT n, 'x' FROM numbers"))
                .hasMessage("line 1, column 1: INSERT INTO sink: column 1 ('n') is BIGINT, and the table's 'a' is INT;"
                        + " CAST it");
        assertThatThrownBy(() -> tEnv.sqlQuery("SELECT * FROM sink"))
                .hasMessage("line 1, column 1: connector 'blackhole' is a sink only: table 'sink' can be written with"
                        + " INSERT INTO, not read");
        tEnv.executeSql("CREATE VIEW few AS SELECT n FROM numbers WHERE n < 2");
        assertThatThrownBy(() -> tEnv.executeSql("INSERT INTO few SELECT n FROM numbers"))
                .hasMessage("line 1, column 1: 'few' is a view, and INSERT INTO writes a table of CREATE TABLE");
    }
}
