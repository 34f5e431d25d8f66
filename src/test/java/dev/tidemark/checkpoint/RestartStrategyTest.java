package dev.tidemark.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tidemark.api.JobClient;
import dev.tidemark.api.JobExecutionException;
import dev.tidemark.api.JobStatus;
import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.api.functions.MapFunction;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class RestartStrategyTest {

    static final class AlwaysFails implements MapFunction<Integer, Integer> {
        static final AtomicInteger CALLS = new AtomicInteger();

        @Override
        public Integer map(Integer value) {
            CALLS.incrementAndGet();
            throw new IllegalArgumentException("bad record " + value);
        }
    }

    private static JobClient failingJob(RestartStrategy strategy) {
        AlwaysFails.CALLS.set(0);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create();
        env.getCheckpointConfig().setRestartStrategy(strategy);
        env.fromElements(1, 2, 3).map(new AlwaysFails()).name("Parse").addSink((v, ctx) -> {});
        return env.executeAsync("failing");
    }

    @Test
    void none_failsAtTheFirstFailure() {
        JobClient job = failingJob(RestartStrategy.none());
        assertThatThrownBy(() -> job.await(Duration.ofMinutes(1)))
                .isInstanceOf(JobExecutionException.class)
                .hasMessageContaining("operator 'Parse' threw")
                .hasRootCauseMessage("bad record 1");
        assertThat(AlwaysFails.CALLS.get()).isEqualTo(1);
        assertThat(job.metrics()).doesNotContainKey("failing.numRestarts");
        assertThat(job.status()).isEqualTo(JobStatus.FAILED);
    }

    @Test
    void fixedDelay_restartsAsOftenAsAllowed_thenFailsWithTheLastCause() {
        JobClient job = failingJob(RestartStrategy.fixedDelay(3, Duration.ofMillis(5)));
        assertThatThrownBy(() -> job.await(Duration.ofMinutes(1)))
                .isInstanceOf(JobExecutionException.class)
                .hasMessageContaining("operator 'Parse' threw");
        assertThat(AlwaysFails.CALLS.get()).as("one attempt and three restarts").isEqualTo(4);
        assertThat(job.metrics()).containsEntry("failing.numRestarts", 3L);
    }

    @Test
    void failureRate_stopsRestartingWhenFailuresComeTooFast() {
        JobClient job = failingJob(RestartStrategy.failureRate(2, Duration.ofMinutes(1), Duration.ZERO));
        assertThatThrownBy(() -> job.await(Duration.ofMinutes(1))).isInstanceOf(JobExecutionException.class);
        assertThat(job.metrics()).containsEntry("failing.numRestarts", 2L);
    }

    @Test
    void withoutCheckpointing_stateNeedNotBeSerializable_andNothingIsSnapshotted() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create();
        java.util.List<String> out = env.fromElements(new DriverSnapshotTest.Reading("a", 1), new DriverSnapshotTest.Reading("b", 2))
                .keyBy(DriverSnapshotTest.Reading::key)
                .process(new DriverSnapshotTest.OpaqueHolder())
                .executeAndCollect();
        assertThat(out).isEmpty(); // the job ended normally: no final snapshot tried to serialize the state
    }

    @Test
    void strategies_refuseNonsense() {
        assertThatThrownBy(() -> RestartStrategy.fixedDelay(-1, Duration.ZERO))
                .hasMessageContaining("attempts must not be negative");
        assertThatThrownBy(() -> RestartStrategy.failureRate(0, Duration.ofSeconds(1), Duration.ZERO))
                .hasMessageContaining("maxFailures must be at least 1");
        assertThatThrownBy(() -> RestartStrategy.fixedDelay(1, Duration.ofMillis(-1)))
                .hasMessageContaining("delay must not be negative");
    }
}
