package dev.tidemark.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tidemark.api.functions.MapFunction;
import dev.tidemark.api.functions.RichFunction;
import dev.tidemark.checkpoint.RestartStrategy;
import dev.tidemark.eventtime.WatermarkStrategy;
import dev.tidemark.testing.TestDriver;
import dev.tidemark.testing.TestSource;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Every failure names the operator that threw, and none escapes raw or gets lost. */
@Timeout(60)
class FailureReportingTest {

    @AfterEach
    void noThreadSurvives() {
        assertThat(Threads.tidemarkThreads()).isEmpty();
    }

    private static long recurse(long n) {
        return n == 0 ? 0 : 1 + recurse(n - 1);
    }

    @Test
    void assertionErrorInAChainedMap_namesThatMap_notItsChain() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create();
        env.fromSequence(1, 100).map(n -> n).name("First").map(n -> {
            assertThat(n).isLessThan(50);
            return n;
        }).name("Check").addSink((v, ctx) -> {});
        assertThatThrownBy(() -> env.execute("asserting"))
                .isInstanceOf(JobExecutionException.class)
                .satisfies(e -> assertThat(((JobExecutionException) e).operatorName()).isEqualTo("Check"))
                .cause().isInstanceOf(AssertionError.class);
    }

    @Test
    void stackOverflow_namesTheOperator_andIsNotRestarted(@TempDir Path dir) {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create();
        env.enableCheckpointing(Duration.ofSeconds(10), dir);
        env.getCheckpointConfig().setRestartStrategy(RestartStrategy.fixedDelay(3, Duration.ZERO));
        env.fromSequence(1, 10).map(n -> recurse(Long.MAX_VALUE)).name("Deep").addSink((v, ctx) -> {});
        JobClient client = env.executeAsync("overflowing");
        assertThatThrownBy(client::await)
                .isInstanceOf(JobExecutionException.class)
                .satisfies(e -> assertThat(((JobExecutionException) e).operatorName()).isEqualTo("Deep"))
                .cause().isInstanceOf(StackOverflowError.class);
        assertThat(client.metrics().getOrDefault("overflowing.numRestarts", 0L)).as("a JVM error is fatal").isZero();
    }

    /** Throws from close(), as a sink flushing to a broken connection would. */
    static final class FailsToClose implements MapFunction<Long, Long>, RichFunction {
        @Override
        public Long map(Long n) {
            if (n == 5) {
                throw new IllegalStateException("bad record 5");
            }
            return n;
        }

        @Override
        public void close() {
            throw new IllegalStateException("close failed too");
        }
    }

    @Test
    void closeFailingWhileTheJobFails_isSuppressedIntoTheOriginalCause() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create();
        env.fromSequence(1, 10).map(new FailsToClose()).name("Flaky").addSink((v, ctx) -> {});
        assertThatThrownBy(() -> env.execute("closing"))
                .isInstanceOf(JobExecutionException.class)
                .cause().hasMessage("bad record 5")
                .satisfies(cause -> assertThat(cause.getSuppressed()).extracting(Throwable::getMessage)
                        .containsExactly("close failed too"));
    }

    @Test
    void savepointAfterTheJobEnded_isAFailedFuture(@TempDir Path dir) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create();
        env.enableCheckpointing(Duration.ofSeconds(10), dir.resolve("checkpoints"));
        env.fromSequence(1, 10).addSink((v, ctx) -> {});
        JobClient client = env.executeAsync("ended");
        client.await();
        assertThat(client.triggerSavepoint(dir.resolve("savepoints")))
                .failsWithin(Duration.ofSeconds(10))
                .withThrowableThat().havingCause().withMessageContaining("the job has ended");
    }

    @Test
    void testDriver_assertionErrorInUserCode_isWrapped_andFurtherInputRefused() {
        try (TestDriver driver = TestDriver.create()) {
            TestSource<Long> in = driver.source("in", Long.class);
            driver.sink(in.stream().map(n -> {
                assertThat(n).isPositive();
                return n;
            }).name("Positive"));
            driver.start();
            assertThatThrownBy(() -> in.emit(-1L, 0))
                    .isInstanceOf(JobExecutionException.class).hasMessageContaining("operator 'Positive'")
                    .cause().isInstanceOf(AssertionError.class);
            assertThatThrownBy(() -> in.emit(1L, 1)).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("must not be used after a failure");
        }
    }

    @Test
    void testDriver_failingPerPartitionTimestampAssigner_isWrapped_andFurtherInputRefused() {
        try (TestDriver driver = TestDriver.create()) {
            TestSource<Long> in = driver.source("in", Long.class, 2, WatermarkStrategy.<Long>forMonotonousTimestamps()
                    .withTimestampAssigner((n, previous) -> {
                        if (n < 0) {
                            throw new IllegalArgumentException("negative time " + n);
                        }
                        return n;
                    }));
            driver.sink(in.stream());
            driver.start();
            assertThatThrownBy(() -> in.partition(1).emit(-3L))
                    .isInstanceOf(JobExecutionException.class).hasMessageContaining("operator 'in timestamps/watermarks'")
                    .cause().hasMessage("negative time -3");
            assertThatThrownBy(() -> in.partition(0).emit(1L)).isInstanceOf(IllegalStateException.class);
        }
    }

    @Test
    void maxParallelismBelowTheParallelism_isRejected_namingTheOperator() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create().setParallelism(4).setMaxParallelism(2);
        env.fromSequence(1, 10).keyBy(n -> n).reduce(Long::sum).addSink((v, ctx) -> {});
        assertThatThrownBy(() -> env.execute("too parallel"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("parallelism must not exceed the max parallelism: parallelism=4, maxParallelism=2");
    }

    @Test
    void allowedLatenessTooLongForMilliseconds_isRejectedAtTheCall() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create();
        var windowed = env.fromSequence(1, 10).keyBy(n -> n)
                .window(dev.tidemark.windowing.assigners.TumblingEventTimeWindows.of(Duration.ofSeconds(1)));
        assertThatThrownBy(() -> windowed.allowedLateness(Duration.ofSeconds(Long.MAX_VALUE)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("allowedLateness must fit in a long of milliseconds");
    }
}
