package dev.tidemark.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.table.TableResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The SQL pipeline example, its rows written to CSV files instead of printed: of the 21 readings, 8
 * come when the watermark (2 s behind the latest reading of either sensor) has passed them.
 */
class SqlPipelineExampleTest {

    @Test
    @Timeout(60)
    void eachReadingWithItsSensorsLowAndMeanOverTheLastFiveSeconds(@TempDir Path dir) throws Exception {
        TableResult result = SqlPipelineExample.run(StreamExecutionEnvironment.create(), "'connector' = 'filesystem',"
                + " 'path' = '" + dir + "', 'format' = 'csv'");
        result.await();
        List<String> lines;
        try (Stream<Path> files = Files.list(dir)) {
            lines = files.filter(f -> f.getFileName().toString().startsWith("part-")).flatMap(f -> {
                try {
                    return Files.readAllLines(f).stream();
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }).toList();
        }
        assertThat(lines).hasSize(13).startsWith("boiler,2023-11-14 22:13:20.000Z,71.5,71.5,71.5",
                "intake,2023-11-14 22:13:21.000Z,12.0,12.0,12.0");
        assertThat(result.getJobClient().orElseThrow().metrics()).containsEntry("OverAggregate.numLateRecordsDropped", 8L);
    }
}
