package dev.tidemark.benchmarks.nexmark;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tidemark.benchmarks.Result;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every query whose answer does not depend on timing gives the same results (count and checksum)
 * embedded and through the Flink runner on Flink, at parallelism 2, as the benchmark requires of
 * its runs (of q4 and q6, which update their answers, the answers).
 */
class NexmarkOnFlinkTest {

    static final NexmarkConfig CONFIG = NexmarkConfig.defaults(40_000, 5).withEventsPerSecond(1_000);

    @ParameterizedTest
    @EnumSource(value = NexmarkQuery.class, names = "q12", mode = EnumSource.Mode.EXCLUDE)
    void theQueryGivesTheSameResultsOnFlink(NexmarkQuery query) throws Exception {
        Result embedded = NexmarkJobs.tidemark(query, CONFIG, 2);

        assertThat(embedded.count()).as("the query has results").isPositive();
        assertThat(NexmarkJobs.throughFlinkRunner(query, CONFIG, 2)).isEqualTo(embedded);
    }
}
