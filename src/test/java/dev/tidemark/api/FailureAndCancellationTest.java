package dev.tidemark.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tidemark.api.functions.MapFunction;
import dev.tidemark.api.functions.RichFunction;
import dev.tidemark.api.source.SourceFunction;
import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Failures in user code and cancellation stop every thread and say what happened. */
@Timeout(60)
class FailureAndCancellationTest {

    private final StreamExecutionEnvironment env = StreamExecutionEnvironment.create();

    @AfterEach
    void noThreadSurvives() {
        assertThat(Threads.tidemarkThreads()).isEmpty();
    }

    static final class Boom extends IllegalStateException {
        Boom(String message) {
            super(message);
        }
    }

    @Test
    void userException_failsTheJob_withOperatorNameAndOriginalCause() {
        env.fromSequence(1, 1_000_000)
                .map(i -> {
                    if (i == 500) {
                        throw new Boom("bad record 500");
                    }
                    return i;
                })
                .name("Validate")
                .addSink((v, ctx) -> {});
        assertThatThrownBy(() -> env.execute("failing job"))
                .isInstanceOf(JobExecutionException.class)
                .hasMessageContaining("job 'failing job' failed: operator 'Validate' threw")
                .hasMessageContaining("bad record 500")
                .satisfies(e -> assertThat(((JobExecutionException) e).operatorName()).isEqualTo("Validate"))
                .cause().isInstanceOf(Boom.class).hasMessage("bad record 500");
    }

    /** Aligned windows (tumbling, default trigger) in their own tasks behind a keyed exchange, at parallelism 2. */
    @Test
    void windowAggregateException_failsTheJob_namingTheWindowOperator() {
        env.setParallelism(2);
        env.fromSequence(1, 1_000_000)
                .assignTimestampsAndWatermarks(dev.tidemark.eventtime.WatermarkStrategy.<Long>forMonotonousTimestamps()
                        .withTimestampAssigner((i, previous) -> i))
                .keyBy(i -> i % 10)
                .window(dev.tidemark.windowing.assigners.TumblingEventTimeWindows.of(Duration.ofMillis(100)))
                .reduce((a, b) -> {
                    if (b == 5_011) { // not the first of its key and window: that one is not reduced
                        throw new Boom("bad record 5011");
                    }
                    return a + b;
                })
                .name("Sum windows")
                .addSink((v, ctx) -> {});
        assertThatThrownBy(() -> env.execute("failing windows"))
                .isInstanceOf(JobExecutionException.class)
                .hasMessageContaining("operator 'Sum windows")
                .hasMessageContaining("bad record 5011")
                .cause().isInstanceOf(Boom.class);
    }

    @Test
    void downstreamFailure_isAttributedToTheOperatorWhereItStarted() {
        env.fromElements(1).map(i -> i + 1).name("First").map(i -> i / 0).name("Divide").addSink((v, ctx) -> {});
        assertThatThrownBy(env::execute)
                .isInstanceOf(JobExecutionException.class)
                .hasMessageContaining("operator 'Divide'")
                .cause().isInstanceOf(ArithmeticException.class);
    }

    static final class FailingSource implements SourceFunction<Integer> {
        @Override
        public void run(SourceContext<Integer> ctx) throws Exception {
            ctx.collect(1);
            throw new java.io.IOException("connection reset");
        }

        @Override
        public void cancel() {}
    }

    @Test
    void sourceException_failsTheJob_namingTheSource() {
        env.addSource(new FailingSource(), "Flaky Source").addSink((v, ctx) -> {});
        assertThatThrownBy(env::execute)
                .isInstanceOf(JobExecutionException.class)
                .hasMessageContaining("operator 'Flaky Source'")
                .cause().isInstanceOf(java.io.IOException.class).hasMessage("connection reset");
    }

    static final class NullSource implements SourceFunction<String> {
        @Override
        public void run(SourceContext<String> ctx) {
            ctx.collect(null);
        }

        @Override
        public void cancel() {}
    }

    @Test
    void nullElements_areRejected_namingWhereTheyCameFrom() {
        env.addSource(new NullSource(), "Nulls").addSink((v, ctx) -> {});
        assertThatThrownBy(env::execute)
                .isInstanceOf(JobExecutionException.class)
                .cause().isInstanceOf(NullPointerException.class)
                .hasMessage("element must not be null: source=Nulls; null elements cannot be carried");

        env.fromElements("a").map(s -> (String) null).name("ToNull").addSink((v, ctx) -> {});
        assertThatThrownBy(env::execute)
                .isInstanceOf(JobExecutionException.class)
                .hasMessageContaining("operator 'ToNull'")
                .cause().isInstanceOf(NullPointerException.class)
                .hasMessage("record must not be null: operator=ToNull; null records cannot be carried");
    }

    /** An unbounded source that honours cancel() and counts its lifecycle calls. */
    static final class Endless implements SourceFunction<Long>, RichFunction {
        static final AtomicInteger CLOSED = new AtomicInteger();
        static final CountDownLatch STARTED = new CountDownLatch(1);
        private volatile boolean running = true;

        @Override
        public void run(SourceContext<Long> ctx) {
            long i = 0;
            while (running) {
                ctx.collect(i++);
                STARTED.countDown();
            }
        }

        @Override
        public void cancel() {
            running = false;
        }

        @Override
        public void close() {
            CLOSED.incrementAndGet();
        }
    }

    @Test
    void cancel_unboundedJob_stopsPromptly_closesFunctions_andLeavesNoThread() throws Exception {
        env.addSource(new Endless()).map(i -> i * 2).addSink((v, ctx) -> {});
        JobClient job = env.executeAsync("endless");
        assertThat(Endless.STARTED.await(30, TimeUnit.SECONDS)).isTrue();
        assertThat(job.status()).isEqualTo(JobStatus.RUNNING);
        job.cancel();
        assertThatThrownBy(() -> job.await(Duration.ofSeconds(30)))
                .isInstanceOf(CancellationException.class)
                .hasMessage("job was cancelled: job=endless");
        assertThat(job.status()).isEqualTo(JobStatus.CANCELED);
        assertThat(Endless.CLOSED.get()).isEqualTo(1);
    }

    /** Ignores cancel(): only the context's refusal to emit after cancellation stops it. */
    static final class Stubborn implements SourceFunction<Long> {
        static final CountDownLatch STARTED = new CountDownLatch(1);

        @Override
        public void run(SourceContext<Long> ctx) {
            for (long i = 0; ; i++) {
                ctx.collect(i);
                STARTED.countDown();
            }
        }

        @Override
        public void cancel() {}
    }

    @Test
    void cancel_sourceThatIgnoresCancel_isStoppedByItsNextEmission() throws Exception {
        env.addSource(new Stubborn()).addSink((v, ctx) -> {});
        JobClient job = env.executeAsync("stubborn");
        assertThat(Stubborn.STARTED.await(30, TimeUnit.SECONDS)).isTrue();
        job.cancel();
        assertThatThrownBy(() -> job.await(Duration.ofSeconds(30))).isInstanceOf(CancellationException.class);
    }

    /** Blocks waiting for input that never comes, as a source waiting on a network would. */
    static final class Sleeper implements SourceFunction<Long> {
        static final CountDownLatch STARTED = new CountDownLatch(1);
        private volatile boolean running = true;

        @Override
        public void run(SourceContext<Long> ctx) throws InterruptedException {
            STARTED.countDown();
            CountDownLatch never = new CountDownLatch(1);
            while (running) {
                never.await();
            }
        }

        @Override
        public void cancel() {
            running = false;
        }
    }

    @Test
    void cancel_blockedSource_isInterrupted() throws Exception {
        env.addSource(new Sleeper()).addSink((v, ctx) -> {});
        JobClient job = env.executeAsync("sleeper");
        assertThat(Sleeper.STARTED.await(30, TimeUnit.SECONDS)).isTrue();
        job.cancel();
        assertThatThrownBy(() -> job.await(Duration.ofSeconds(30))).isInstanceOf(CancellationException.class);
    }

    @Test
    void failureInOneTask_cancelsTheOthers() {
        env.addSource(new Endless()).addSink((v, ctx) -> {});
        env.fromElements(1).map((MapFunction<Integer, Integer>) i -> {
            throw new Boom("stop everything");
        }).name("Failing").addSink((v, ctx) -> {});
        assertThatThrownBy(env::execute)
                .isInstanceOf(JobExecutionException.class)
                .hasMessageContaining("operator 'Failing'")
                .cause().isInstanceOf(Boom.class);
    }

    /** An unbounded parallel source that honours cancel(). */
    static final class EndlessParallel implements dev.tidemark.api.source.ParallelSourceFunction<Long> {
        static final CountDownLatch STARTED = new CountDownLatch(2);
        private volatile boolean running = true;

        @Override
        public void run(SourceContext<Long> ctx) {
            STARTED.countDown();
            for (long i = 0; running; i++) {
                ctx.collect(i);
            }
        }

        @Override
        public void cancel() {
            running = false;
        }
    }

    @Test
    void cancel_parallelJobWithBackpressuredExchanges_stopsEveryThread() throws Exception {
        env.setParallelism(2);
        env.addSource(new EndlessParallel()).setParallelism(2)
                .keyBy(i -> i % 10)
                .map(i -> i + 1)
                .rebalance()
                .addSink((v, ctx) -> {});
        JobClient job = env.executeAsync("parallel endless");
        assertThat(EndlessParallel.STARTED.await(30, TimeUnit.SECONDS)).isTrue();
        job.cancel();
        assertThatThrownBy(() -> job.await(Duration.ofSeconds(30))).isInstanceOf(CancellationException.class);
    }

    @Test
    void failureInOneParallelInstance_failsTheJobOnce_withTheRootCause() {
        env.setParallelism(3);
        env.fromSequence(1, 100_000).rebalance().map(i -> {
            if (i == 77_777) {
                throw new Boom("bad " + i);
            }
            return i;
        }).name("Check").addSink((v, ctx) -> {});
        assertThatThrownBy(env::execute)
                .isInstanceOf(JobExecutionException.class)
                .hasMessageContaining("operator 'Check (")
                .cause().isInstanceOf(Boom.class).hasMessage("bad 77777");
    }

    @Test
    void buildErrors_areReportedWhereThePipelineIsBuilt() {
        Object notSerializable = new Object();
        assertThatThrownBy(() -> env.fromElements(1).map(i -> notSerializable.hashCode() + i))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("the function of operator 'Map' must be serializable");
        assertThatThrownBy(() -> env.fromElements(1, null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("element must not be null: index=1; null elements cannot be carried");
        assertThatThrownBy(() -> env.fromCollection(java.util.List.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("elements must not be empty: size=0");
        assertThatThrownBy(() -> env.getConfig().setAutoWatermarkInterval(Duration.ofMillis(-5)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("autoWatermarkInterval must not be negative: autoWatermarkInterval=PT-0.005S");
        assertThatThrownBy(() -> env.getConfig().setAutoWatermarkInterval(Duration.ofDays(365)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("autoWatermarkInterval must be at most PT24H");
        assertThatThrownBy(() -> env.setParallelism(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("parallelism must be at least 1: parallelism=0");
    }

    @Test
    void executeErrors_emptyPipelineAndImpossibleParallelism_areClear() {
        assertThatThrownBy(env::execute)
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("pipeline must have at least one source");
        env.fromElements(1).setParallelism(2).addSink((v, ctx) -> {});
        assertThatThrownBy(env::execute)
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("source must be a ParallelSourceFunction to run in parallel: source=Collection Source,"
                        + " parallelism=2");
        StreamExecutionEnvironment other = StreamExecutionEnvironment.create();
        other.fromSequence(1, 10).setParallelism(2).forward().map(i -> i).setParallelism(3).addSink((v, ctx) -> {});
        assertThatThrownBy(other::execute)
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("forward partitioning must connect operators of equal parallelism");
    }
}
