package dev.tidemark.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The process-function rows ({@link WindowProcessBenchmark}) compute the loop's sums on every
 * engine, on tumbling and sliding windows, at one and at a hundred events per millisecond.
 */
class WindowProcessJobsTest {

    private static final long EVENTS = 30_000;

    @ParameterizedTest
    @CsvSource({"1, 1", "100, 1", "1, 10", "100, 2"})
    void everyEngine_sumsAsTheLoop(long eventsPerMilli, int windowsPerEvent) throws Exception {
        Result expected = WindowProcessJobs.baseline(EVENTS, eventsPerMilli, windowsPerEvent);
        assertThat(expected.count()).as("windows fire").isPositive();
        assertThat(WindowProcessJobs.tidemark(EVENTS, eventsPerMilli, 1, windowsPerEvent, false))
                .as("process function").isEqualTo(expected);
        assertThat(WindowProcessJobs.tidemark(EVENTS, eventsPerMilli, 2, windowsPerEvent, false))
                .as("process function, parallelism 2").isEqualTo(expected);
        assertThat(WindowProcessJobs.tidemark(EVENTS, eventsPerMilli, 1, windowsPerEvent, true))
                .as("aggregate").isEqualTo(expected);
        assertThat(FlinkJobs.windowProcess(EVENTS, eventsPerMilli, 1, windowsPerEvent)).as("Flink").isEqualTo(expected);
        assertThat(JetJobs.onOwnMember(member -> JetJobs.windowProcess(member, EVENTS, eventsPerMilli, 1, windowsPerEvent)))
                .as("Jet").isEqualTo(expected);
    }
}
