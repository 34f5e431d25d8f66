package dev.tidemark.compat;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The library's SQL scenarios ({@code ../src/test/resources/sql}: the tables of {@code tables.sql},
 * one query per file of {@code queries/}) on Flink's SQL, at parallelism 1 with a watermark after
 * every row that grows it, as the library's {@code SqlScenarioTest} runs them on Tidemark: both
 * must give the rows of {@code expected/}.
 */
class FlinkSqlTest {

    private static final Path ROOT = Path.of("../src/test/resources/sql");

    static List<String> queries() throws Exception {
        try (Stream<Path> files = Files.list(ROOT.resolve("queries"))) {
            return files.map(f -> f.getFileName().toString().replace(".sql", "")).sorted().toList();
        }
    }

    private static List<String> statements(Path file) throws Exception {
        String text = String.join("\n", Files.readAllLines(file).stream().filter(l -> !l.trim().startsWith("--"))
                .toList());
        return Arrays.stream(text.split(";\\s*\n")).map(String::trim).filter(s -> !s.isEmpty()).toList();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("queries")
    void flinkGivesTheExpectedRows(String query) throws Exception {
        Configuration config = new Configuration();
        config.setString("pipeline.auto-watermark-interval", "0 ms");
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(config);
        env.setParallelism(1);
        StreamTableEnvironment tEnv = StreamTableEnvironment.create(env);
        String data = ROOT.resolve("data").toAbsolutePath().normalize().toString();
        for (String ddl : statements(ROOT.resolve("tables.sql"))) {
            tEnv.executeSql(ddl.replace("${data}", data));
        }
        List<String> statements = statements(ROOT.resolve("queries/" + query + ".sql"));
        statements.subList(0, statements.size() - 1).forEach(tEnv::executeSql); // the views the query reads
        TableResult result = tEnv.executeSql(statements.get(statements.size() - 1));
        List<String> rows = new ArrayList<>();
        try (CloseableIterator<Row> it = result.collect()) {
            it.forEachRemaining(row -> rows.add(row.toString()));
        }
        rows.sort(null);
        Path actual = Path.of("target/sql-scenarios/" + query + ".out");
        Files.createDirectories(actual.getParent());
        Files.write(actual, rows);
        assertThat(rows).containsExactlyElementsOf(Files.readAllLines(ROOT.resolve("expected/" + query + ".out")));
    }
}
