package dev.tidemark.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The field-aggregation row of W2 ({@link SlidingSumBenchmark}) computes the loop's sums on every
 * engine, with panes and per window alike, at one and at a hundred events per millisecond.
 */
class SlidingSumJobsTest {

    private static final long EVENTS = 30_000;

    @ParameterizedTest
    @CsvSource({"1, 10", "100, 10", "100, 2"})
    void everyEngine_sumsAsTheLoop(long eventsPerMilli, int windowsPerEvent) throws Exception {
        Result expected = SlidingWindowJobs.baselineSum(EVENTS, eventsPerMilli, windowsPerEvent);
        assertThat(expected.count()).as("windows fire").isPositive();
        assertThat(SlidingWindowJobs.tidemarkSum(EVENTS, eventsPerMilli, 1, false, windowsPerEvent))
                .as("on panes").isEqualTo(expected);
        assertThat(SlidingWindowJobs.tidemarkSum(EVENTS, eventsPerMilli, 2, true, windowsPerEvent))
                .as("per window, parallelism 2").isEqualTo(expected);
        assertThat(FlinkJobs.slidingSum(EVENTS, eventsPerMilli, 1, windowsPerEvent)).as("Flink").isEqualTo(expected);
        assertThat(JetJobs.onOwnMember(member -> JetJobs.slidingSum(member, EVENTS, eventsPerMilli, 1, windowsPerEvent)))
                .as("Jet").isEqualTo(expected);
    }
}
