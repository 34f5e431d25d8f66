package dev.tidemark.benchmarks.nexmark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tidemark.benchmarks.Result;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every query Flink's SQL runs, as NEXMark publishes it, gives the answers the query written on
 * Tidemark's DataStream API gives (their published columns: count and checksum), at parallelism 2,
 * so that the benchmark's SQL rows measure the same work. (q12 works on processing time, so its
 * answers depend on timing; on a bounded input, Flink also drops the windows still open at its end.)
 */
class NexmarkInFlinkSqlTest {

    static final NexmarkConfig CONFIG = NexmarkConfig.defaults(40_000, 5).withEventsPerSecond(1_000);

    @ParameterizedTest
    @EnumSource(value = NexmarkQuery.class, names = {"q6", "q12"}, mode = EnumSource.Mode.EXCLUDE)
    void thePublishedSqlGivesTheSameAnswers(NexmarkQuery query) throws Exception {
        Result embedded = NexmarkJobs.tidemark(query, CONFIG, 2);

        assertThat(embedded.count()).as("the query has results").isPositive();
        assertThat(NexmarkJobs.flinkSql(query, CONFIG, 2)).isEqualTo(embedded);
    }

    @Test
    void q6IsNotRunInSql() {
        assertThatThrownBy(() -> NexmarkJobs.flinkSql(NexmarkQuery.q6, CONFIG, 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("q6");
    }
}
