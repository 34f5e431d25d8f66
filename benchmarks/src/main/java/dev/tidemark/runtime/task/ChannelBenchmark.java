package dev.tidemark.runtime.task;

import dev.tidemark.eventtime.Watermark;
import dev.tidemark.runtime.checkpoint.CheckpointBarrier;
import dev.tidemark.runtime.metrics.Counter;
import dev.tidemark.runtime.operators.WatermarkStatus;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The hand-off between two tasks' threads (an exchange): Tidemark's single-producer ring
 * ({@code ElementQueue}, parked waits, drained in batches) against an {@code ArrayBlockingQueue} of
 * the same capacity, moving 1 M elements from a producer thread to the benchmark thread.
 * (In this package because the ring is internal.)
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1)
@Warmup(iterations = 2, time = 3)
@Measurement(iterations = 3, time = 5)
public class ChannelBenchmark {

    static final int ELEMENTS = 1_000_000;
    static final Object VALUE = "v";

    /** Counts what it is handed. */
    static final class Count implements ChannelConsumer {
        long records;
        boolean ended;

        @Override
        public void onRecord(int channel, Object value, long timestamp) {
            records++;
        }

        @Override
        public void onWatermark(int channel, Watermark watermark) {}

        @Override
        public void onStatus(int channel, WatermarkStatus status) {}

        @Override
        public void onBarrier(int channel, CheckpointBarrier barrier) {}

        @Override
        public void onEnd(int channel) {
            ended = true;
        }
    }

    @Benchmark
    @OperationsPerInvocation(ELEMENTS)
    public long elementQueue() throws Exception {
        Wakeup wakeup = new Wakeup();
        wakeup.bind(Thread.currentThread());
        ElementQueue queue = new ElementQueue(0, 1024, wakeup, new Counter());
        Thread producer = new Thread(() -> {
            for (int i = 0; i < ELEMENTS; i++) {
                queue.writeRecord(VALUE, i);
            }
            queue.writeEnd();
        });
        producer.start();
        Count count = new Count();
        while (!count.ended) {
            if (queue.drain(count, 256) == 0) {
                wakeup.park(ElementQueue.MAX_PARK_NANOS, queue::isEmpty);
            }
        }
        producer.join();
        return count.records;
    }

    @Benchmark
    @OperationsPerInvocation(ELEMENTS)
    public long arrayBlockingQueue() throws Exception {
        ArrayBlockingQueue<Object> queue = new ArrayBlockingQueue<>(1024);
        Object end = new Object();
        Thread producer = new Thread(() -> {
            try {
                for (int i = 0; i < ELEMENTS; i++) {
                    queue.put(VALUE);
                }
                queue.put(end);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        producer.start();
        long records = 0;
        while (queue.take() != end) {
            records++;
        }
        producer.join();
        return records;
    }
}
