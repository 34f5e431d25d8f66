package dev.tidemark.flink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tidemark.api.JobClient;
import dev.tidemark.api.JobExecutionException;
import dev.tidemark.api.JobStatus;
import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.api.functions.Collector;
import dev.tidemark.api.functions.KeyedProcessFunction;
import dev.tidemark.api.functions.OpenContext;
import dev.tidemark.api.source.SourceFunction;
import dev.tidemark.state.StateTtlConfig;
import dev.tidemark.state.ValueState;
import dev.tidemark.state.ValueStateDescriptor;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/** What a user sees on Flink when their pipeline fails, and that a cancelled job stops its sources. */
class FailuresOnFlinkTest {

    private static StreamExecutionEnvironment onFlink() {
        return FlinkRunner.environment(() -> org.apache.flink.streaming.api.environment.StreamExecutionEnvironment
                .createLocalEnvironment(1));
    }

    @Test
    void anExceptionInUserCodeFailsTheJobNamingTheOperatorWithTheUsersExceptionAsCause() {
        StreamExecutionEnvironment env = onFlink();
        env.fromSequence(1, 10).map(i -> {
            if (i == 3) {
                throw new IllegalStateException("no threes");
            }
            return i;
        }).name("picky map").addSink(Results.sink("user failure"));

        assertThatThrownBy(() -> env.execute("failing"))
                .isInstanceOf(JobExecutionException.class)
                .hasMessageContaining("operator 'picky map' failed")
                .hasMessageContaining("no threes")
                .hasCauseInstanceOf(IllegalStateException.class)
                .satisfies(e -> assertThat(((JobExecutionException) e).operatorName()).isEqualTo("picky map"));
    }

    @Test
    void aNullKeyFailsTheJobSayingSo() {
        StreamExecutionEnvironment env = onFlink();
        env.fromSequence(1, 3).keyBy(i -> i == 2 ? null : i).map(i -> i).addSink(Results.sink("null key"));

        assertThatThrownBy(() -> env.execute("null key"))
                .isInstanceOf(JobExecutionException.class)
                .hasMessageContaining("key selector returned null");
    }

    /** Keeps a count with event-time TTL, which Flink does not have. */
    static final class EventTimeTtl extends KeyedProcessFunction<Long, Long, Long> {
        private transient ValueState<Long> count;

        @Override
        public void open(OpenContext context) {
            ValueStateDescriptor<Long> descriptor = new ValueStateDescriptor<>("count", Long.class);
            descriptor.enableTimeToLive(StateTtlConfig.eventTime(Duration.ofMinutes(1)));
            count = getRuntimeContext().getState(descriptor);
        }

        @Override
        public void processElement(Long value, Context ctx, Collector<Long> out) throws Exception {
            count.update(value);
        }
    }

    @Test
    void eventTimeStateTtlIsRefusedNamingTheStateAndTheOperator() {
        StreamExecutionEnvironment env = onFlink();
        // A source without a split coordinator: fromSequence's, finished before the refusal, once failed the job
        // first with its coordinator's event to a finished task (TaskNotRunningException), hiding the refusal.
        env.addSource(new OneTwoThree()).keyBy(i -> i).process(new EventTimeTtl()).name("ttl counter")
                .addSink(Results.sink("ttl"));

        assertThatThrownBy(() -> env.execute("ttl"))
                .isInstanceOf(JobExecutionException.class)
                .hasMessageContaining("event-time state TTL")
                .hasMessageContaining("state 'count'")
                .hasMessageContaining("ttl counter");
    }

    /** 1, 2 and 3, from a source function, which has no split coordinator. */
    static final class OneTwoThree implements SourceFunction<Long> {
        @Override
        public void run(SourceContext<Long> ctx) {
            for (long i = 1; i <= 3; i++) {
                ctx.collect(i);
            }
        }

        @Override
        public void cancel() {}
    }

    static final CountDownLatch RUNNING = new CountDownLatch(1);

    /** Emits until cancelled. */
    static final class Endless implements SourceFunction<Long> {
        private volatile boolean running = true;

        @Override
        public void run(SourceContext<Long> ctx) {
            long i = 0;
            while (running) {
                ctx.collect(i++);
                RUNNING.countDown();
            }
        }

        @Override
        public void cancel() {
            running = false;
        }
    }

    @Test
    void aCancelledJobEndsCancelledAndStopsItsSourceThreads() throws Exception {
        StreamExecutionEnvironment env = onFlink();
        env.addSource(new Endless()).name("endless").addSink((value, context) -> {});
        JobClient job = env.executeAsync("endless");
        RUNNING.await();

        job.cancel().get();

        assertThatThrownBy(job::await).isInstanceOf(JobExecutionException.class);
        assertThat(job.status()).isEqualTo(JobStatus.CANCELED);
        assertThat(Thread.getAllStackTraces().keySet()).noneMatch(
                t -> t.getName().startsWith("Tidemark source endless") && t.isAlive());
    }
}
