package dev.tidemark.table;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tidemark.api.StreamExecutionEnvironment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The statements of the design notes as files, {@code src/test/resources/sql}: the tables of
 * {@code tables.sql} over the CSV files of {@code data/}, and one query per file of
 * {@code queries/} (after the views it creates), whose rows (sorted) must be those of {@code expected/}, which are what Flink
 * 1.20's SQL gives: flink-compat runs the same files on Flink and checks the same expectations.
 */
class SqlScenarioTest {

    static final Path ROOT = Path.of("src/test/resources/sql");

    static Stream<String> queries() throws Exception {
        try (Stream<Path> files = Files.list(ROOT.resolve("queries"))) {
            return files.map(f -> f.getFileName().toString().replace(".sql", "")).sorted().toList().stream();
        }
    }

    /** The statements of a file: split at each ';' that ends a line, comment lines dropped. */
    static List<String> statements(Path file) throws Exception {
        String text = String.join("\n", Files.readAllLines(file).stream().filter(l -> !l.trim().startsWith("--"))
                .toList());
        return Arrays.stream(text.split(";\\s*\n")).map(String::trim).filter(s -> !s.isEmpty()).toList();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("queries")
    void givesTheRowsFlinkGives(String query) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create().setParallelism(1);
        env.getConfig().setAutoWatermarkInterval(Duration.ZERO);
        StreamTableEnvironment tEnv = StreamTableEnvironment.create(env);
        String data = ROOT.resolve("data").toAbsolutePath().toString();
        for (String ddl : statements(ROOT.resolve("tables.sql"))) {
            tEnv.executeSql(ddl.replace("${data}", data));
        }
        List<String> statements = statements(ROOT.resolve("queries/" + query + ".sql"));
        statements.subList(0, statements.size() - 1).forEach(tEnv::executeSql); // the views the query reads
        List<String> rows = tEnv.toDataStream(tEnv.sqlQuery(statements.get(statements.size() - 1))).executeAndCollect().stream().map(Row::toString)
                .sorted().toList();
        Path actual = Path.of("target/sql-scenarios/" + query + ".out");
        Files.createDirectories(actual.getParent());
        Files.write(actual, rows);
        assertThat(rows).containsExactlyElementsOf(Files.readAllLines(ROOT.resolve("expected/" + query + ".out")));
    }
}
