package dev.tidemark.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tidemark.api.functions.Collector;
import dev.tidemark.api.functions.KeyedProcessFunction;
import dev.tidemark.api.source.SourceFunction;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * cancel() interrupts user code blocked in a task (as Flink does); await() returns within 2 s of it,
 * and a thread that no interrupt reaches is reported and left to end on its own.
 */
@Timeout(60)
class CancellationTest {

    static volatile CountDownLatch blocked;
    /** Never opened: user code waiting on it is blocked until cancel() interrupts it. */
    private static final CountDownLatch NEVER = new CountDownLatch(1);
    static volatile int port;

    /** Endless, one element per millisecond, stops when cancelled. */
    static final class Ticks implements SourceFunction<Long> {
        private volatile boolean running = true;

        @Override
        public void run(SourceContext<Long> ctx) {
            for (long n = 0; running; n++) {
                ctx.collect(n); // as fast as it may: backpressure holds it
            }
        }

        @Override
        public void cancel() {
            running = false;
        }
    }

    /** A source that blocks in a queue's take(), an interruptible lock wait, after its first element. */
    static final class BlockingSource implements SourceFunction<Long> {
        @Override
        public void run(SourceContext<Long> ctx) throws InterruptedException {
            ctx.collect(1L);
            blocked.countDown();
            new LinkedBlockingQueue<Long>().take();
        }

        @Override
        public void cancel() {}
    }

    static final class SleepOnTimer extends KeyedProcessFunction<Long, Long, Long> {
        @Override
        public void processElement(Long value, Context ctx, Collector<Long> out) {
            ctx.timerService().registerProcessingTimeTimer(ctx.timerService().currentProcessingTime());
        }

        @Override
        public void onTimer(long timestamp, OnTimerContext ctx, Collector<Long> out) throws InterruptedException {
            blocked.countDown();
            NEVER.await(); // the user code under test
        }
    }

    private static void cancelPromptly(StreamExecutionEnvironment env, String job) throws Exception {
        blocked = new CountDownLatch(1);
        JobClient client = env.executeAsync(job);
        assertThat(blocked.await(30, TimeUnit.SECONDS)).as("user code reached its blocking call").isTrue();
        long start = System.nanoTime();
        client.cancel();
        assertThatThrownBy(() -> client.await(Duration.ofSeconds(2))).isInstanceOf(CancellationException.class);
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(2));
    }

    @Test
    void mapSleepingOnATaskThread_isInterrupted() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create();
        env.addSource(new Ticks(), "Ticks").rebalance().map(n -> {
            blocked.countDown();
            NEVER.await(); // the user code under test
            return n;
        }).addSink((v, ctx) -> {});
        cancelPromptly(env, "sleeping map");
        assertThat(Threads.tidemarkThreads()).isEmpty();
    }

    @Test
    void processingTimeTimerSleeping_isInterrupted() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create();
        env.addSource(new Ticks(), "Ticks").keyBy(n -> n % 2).process(new SleepOnTimer()).addSink((v, ctx) -> {});
        cancelPromptly(env, "sleeping timer");
        assertThat(Threads.tidemarkThreads()).isEmpty();
    }

    @Test
    void sourceBlockedInALockWait_isInterrupted() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create();
        env.addSource(new BlockingSource(), "Blocking").addSink((v, ctx) -> {});
        cancelPromptly(env, "waiting source");
        assertThat(Threads.tidemarkThreads()).isEmpty();
    }

    @Test
    void sinkBlockedInASocketRead_doesNotHoldTheJob_andItsThreadEndsWithTheSocket() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = server.getLocalPort();
            StreamExecutionEnvironment env = StreamExecutionEnvironment.create();
            env.addSource(new Ticks(), "Ticks").rebalance().addSink((v, ctx) -> {
                try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
                    InputStream in = socket.getInputStream();
                    blocked.countDown();
                    in.read(); // no interrupt reaches a socket read
                }
            });
            CountDownLatch peerMayClose = new CountDownLatch(1);
            Thread peer = new Thread(() -> {
                try (Socket accepted = server.accept()) {
                    peerMayClose.await(); // a stuck server: it answers nothing until the test lets it go
                } catch (Exception e) {
                    // the test ends either way
                }
            });
            peer.start();
            cancelPromptly(env, "socket sink");
            peerMayClose.countDown();
            peer.join();
        }
        Threads.awaitTidemarkThreadsEnded(Duration.ofSeconds(10)); // the abandoned one, once its read returns
        assertThat(Threads.tidemarkThreads()).isEmpty();
    }
}
