package dev.tidemark.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.table.Row;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The SQL example: one final row per sensor and 5-second window, in the order the watermark closes
 * them; the readings that came after their window closed (one boiler and one intake reading) are
 * not in the means.
 */
class SqlExampleTest {

    @Test
    @Timeout(60)
    void meanPerSensorAndWindow() throws Exception {
        assertThat(SqlExample.meansPerWindow(StreamExecutionEnvironment.create()).executeAndCollect())
                .extracting(Row::toString)
                .containsExactly(
                        "+I[boiler, 2023-11-14T22:13:20, 2023-11-14T22:13:25, 72.075, 4]",
                        "+I[intake, 2023-11-14T22:13:20, 2023-11-14T22:13:25, 12.2, 2]",
                        "+I[intake, 2023-11-14T22:13:25, 2023-11-14T22:13:30, 13.0, 2]",
                        "+I[boiler, 2023-11-14T22:13:25, 2023-11-14T22:13:30, 73.7, 3]",
                        "+I[intake, 2023-11-14T22:13:30, 2023-11-14T22:13:35, 13.75, 2]",
                        "+I[boiler, 2023-11-14T22:13:30, 2023-11-14T22:13:35, 74.65, 2]",
                        "+I[boiler, 2023-11-14T22:13:35, 2023-11-14T22:13:40, 75.2, 1]",
                        "+I[intake, 2023-11-14T22:13:35, 2023-11-14T22:13:40, 14.1, 1]");
    }
}
