package dev.tidemark.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tidemark.api.CloseableIterator;
import dev.tidemark.api.JobStatus;
import dev.tidemark.api.StreamExecutionEnvironment;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code executeSql("SELECT ..")}, as in Flink: the query's job starts at once, and its rows are
 * read while it runs, through {@code collect()} or {@code print()}, on real job threads.
 */
class ExecuteSelectTest {

    private final StreamExecutionEnvironment env = StreamExecutionEnvironment.create().setParallelism(2);
    private final StreamTableEnvironment tEnv = StreamTableEnvironment.create(env);

    @Test
    void aBoundedQuerysRows_areCollectedUntilItsJobFinishes() throws Exception {
        tEnv.executeSql("CREATE TABLE numbers (n INT) WITH ('connector' = 'datagen', 'fields.n.kind' = 'sequence',"
                + " 'fields.n.start' = '1', 'fields.n.end' = '6')");
        TableResult result = tEnv.executeSql("SELECT n, n * n AS square FROM numbers WHERE n % 2 = 0");
        assertThat(result.getJobClient()).isPresent();
        List<String> rows = new ArrayList<>();
        try (CloseableIterator<Row> it = result.collect()) {
            it.forEachRemaining(row -> rows.add(row.toString()));
        }
        assertThat(rows).containsExactlyInAnyOrder("+I[2, 4]", "+I[4, 16]", "+I[6, 36]");
        assertThat(result.getJobClient().get().status()).isEqualTo(JobStatus.FINISHED);
        assertThatThrownBy(result::collect).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("collected already");
    }

    @Test
    void closingTheRowsOfAnUnboundedQuery_cancelsItsJob() throws Exception {
        tEnv.executeSql("CREATE TABLE ticks (n BIGINT) WITH ('connector' = 'datagen', 'fields.n.kind' = 'sequence',"
                + " 'fields.n.start' = '1', 'fields.n.end' = '" + Long.MAX_VALUE + "')");
        TableResult result = tEnv.executeSql("SELECT n FROM ticks");
        List<Row> first = new ArrayList<>();
        try (CloseableIterator<Row> it = result.collect()) {
            while (first.size() < 100 && it.hasNext()) {
                first.add(it.next());
            }
        }
        assertThat(first).hasSize(100);
        assertThatThrownBy(() -> result.getJobClient().get().await(Duration.ofSeconds(30)))
                .isInstanceOf(java.util.concurrent.CancellationException.class);
    }

    @Test
    void aFailingQuery_throwsItsJobsFailureFromTheRows() {
        tEnv.executeSql("CREATE TABLE numbers (n INT) WITH ('connector' = 'datagen', 'fields.n.kind' = 'sequence',"
                + " 'fields.n.start' = '0', 'fields.n.end' = '3')");
        CloseableIterator<Row> rows = tEnv.executeSql("SELECT 10 / n AS q FROM numbers").collect();
        assertThatThrownBy(() -> rows.forEachRemaining(row -> {})).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("job 'collect' failed").hasMessageContaining("operator 'Calc")
                .hasMessageContaining("/ by zero");
    }

    @Test
    void print_showsTheColumnsThenEachRow_andOkForOtherStatements() {
        PrintStream stdout = System.out;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
        try {
            env.setParallelism(1);
            tEnv.executeSql("CREATE TABLE numbers (n INT) WITH ('connector' = 'datagen', 'fields.n.kind' = 'sequence',"
                    + " 'fields.n.start' = '1', 'fields.n.end' = '2')").print();
            tEnv.executeSql("SELECT n, n + 1 AS next FROM numbers").print();
        } finally {
            System.setOut(stdout);
        }
        assertThat(printed.toString(StandardCharsets.UTF_8).lines()).containsExactly("OK", "n, next", "+I[1, 2]",
                "+I[2, 3]");
    }
}
