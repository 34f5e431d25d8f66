package dev.tidemark.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tidemark.api.functions.Collector;
import dev.tidemark.api.functions.KeyedProcessFunction;
import dev.tidemark.api.source.SourceFunction;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A source's thread runs the operators chained to it, taking turns with the task thread's timers:
 * timers fire whether the source blocks or emits without pause, and a failure of the chain fails
 * the job even if the source catches what {@code collect} throws.
 */
@Timeout(60)
class SourceChainTest {

    private final StreamExecutionEnvironment env = StreamExecutionEnvironment.create().setParallelism(1);

    @AfterEach
    void noThreadSurvives() {
        assertThat(Threads.tidemarkThreads()).isEmpty();
    }

    /** Released by the timer: the source waits for it without emitting, or emits until it. */
    private static volatile CountDownLatch timerFired;

    /** Registers a processing-time timer for the first element and emits "fired" when it fires. */
    static final class TimerOnFirst extends KeyedProcessFunction<Integer, Integer, String> {
        @Override
        public void processElement(Integer value, Context ctx, Collector<String> out) {
            if (value == 0) {
                ctx.timerService().registerProcessingTimeTimer(ctx.timerService().currentProcessingTime() + 1);
            }
        }

        @Override
        public void onTimer(long timestamp, OnTimerContext ctx, Collector<String> out) {
            out.collect("fired");
            timerFired.countDown();
        }
    }

    /** Emits one element, then blocks (as on a socket) until the timer has fired. */
    static final class BlockingSource implements SourceFunction<Integer> {
        @Override
        public void run(SourceContext<Integer> ctx) throws InterruptedException {
            ctx.collect(0);
            if (!timerFired.await(30, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the timer did not fire while the source was blocked");
            }
        }

        @Override
        public void cancel() {}
    }

    /** Emits without pause until the timer has fired. */
    static final class BusySource implements SourceFunction<Integer> {
        @Override
        public void run(SourceContext<Integer> ctx) {
            ctx.collect(0);
            while (timerFired.getCount() > 0) {
                ctx.collect(1); // registers nothing: only element 0 does
            }
        }

        @Override
        public void cancel() {}
    }

    @Test
    void timersFire_whileTheSourceBlocks() throws Exception {
        timerFired = new CountDownLatch(1);
        List<String> out = env.addSource(new BlockingSource()).keyBy(v -> v).process(new TimerOnFirst())
                .executeAndCollect();
        assertThat(out).containsExactly("fired");
    }

    @Test
    void timersFire_whileTheSourceEmitsWithoutPause() throws Exception {
        timerFired = new CountDownLatch(1);
        List<String> out = env.addSource(new BusySource()).keyBy(v -> v).process(new TimerOnFirst())
                .executeAndCollect();
        assertThat(out).containsExactly("fired");
    }

    /** Catches every failure of {@code collect} and goes on emitting until cancelled, as careless sources do. */
    static final class SwallowingSource implements SourceFunction<Long> {
        private volatile boolean running = true;

        @Override
        public void run(SourceContext<Long> ctx) {
            for (long i = 0; running; i++) {
                try {
                    ctx.collect(i);
                } catch (RuntimeException ignored) {
                    // carries on: the job must fail anyway
                }
            }
        }

        @Override
        public void cancel() {
            running = false;
        }
    }

    @Test
    void chainFailure_failsTheJob_evenIfTheSourceSwallowsIt() {
        assertFailsAtElement10(env.addSource(new SwallowingSource()));
    }

    /** The library's sources emit in drains, holding the chain across elements: a failure still ends it. */
    @Test
    void chainFailure_failsTheJob_fromADrain() {
        assertFailsAtElement10(env.fromSequence(0, Long.MAX_VALUE - 1));
    }

    private void assertFailsAtElement10(DataStream<Long> source) {
        source.map(i -> {
                    if (i == 10) {
                        throw new ArithmeticException("element 10");
                    }
                    return i;
                })
                .name("Check")
                .addSink((v, ctx) -> {});
        assertThatThrownBy(env::execute)
                .isInstanceOf(JobExecutionException.class)
                .hasMessageContaining("operator 'Check'")
                .cause().isInstanceOf(ArithmeticException.class).hasMessage("element 10");
    }

    /** Emits until cancelled. */
    static final class EndlessSource implements SourceFunction<Integer> {
        private volatile boolean running = true;

        @Override
        public void run(SourceContext<Integer> ctx) {
            for (int i = 0; running; i++) {
                ctx.collect(i);
            }
        }

        @Override
        public void cancel() {
            running = false;
        }
    }

    private static volatile CountDownLatch sinkReleased;

    private static boolean sourceThreadWaitsForSpace() {
        return Thread.getAllStackTraces().entrySet().stream()
                .filter(e -> e.getKey().getName().startsWith("tidemark-source-"))
                .anyMatch(e -> java.util.Arrays.stream(e.getValue())
                        .anyMatch(f -> f.getMethodName().equals("awaitSpace")));
    }

    /**
     * The source thread holds the chain lock while it waits for space in a full exchange; cancelling
     * must still release it, let the task thread close the chain, and end every thread.
     */
    @Test
    void cancel_whileTheSourceWaitsInsideItsChain_stopsEveryThread() throws Exception {
        sinkReleased = new CountDownLatch(1);
        env.addSource(new EndlessSource()).map(i -> i + 1).name("Inside")
                .rebalance()
                .addSink((v, ctx) -> sinkReleased.await()).setParallelism(2);
        JobClient job = env.executeAsync("blocked source");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!sourceThreadWaitsForSpace()) {
            assertThat(System.nanoTime()).as("the source never blocked on the full exchange").isLessThan(deadline);
            Thread.onSpinWait();
        }
        job.cancel();
        sinkReleased.countDown();
        assertThatThrownBy(() -> job.await(java.time.Duration.ofSeconds(30)))
                .isInstanceOf(java.util.concurrent.CancellationException.class);
    }
}
