package dev.tidemark.runtime.task;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tidemark.api.TidemarkException;
import dev.tidemark.eventtime.Watermark;
import dev.tidemark.runtime.checkpoint.CheckpointBarrier;
import dev.tidemark.runtime.operators.WatermarkStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class ElementQueueTest {

    /** Records what it is handed, as strings. */
    static final class Recorder implements ChannelConsumer {
        final List<String> seen = new ArrayList<>();

        @Override
        public void onRecord(int channel, Object value, long timestamp) {
            seen.add(value + "@" + timestamp);
        }

        @Override
        public void onWatermark(int channel, Watermark watermark) {
            seen.add("W" + watermark.timestamp());
        }

        @Override
        public void onStatus(int channel, WatermarkStatus status) {
            seen.add(status.name());
        }

        @Override
        public void onBarrier(int channel, CheckpointBarrier barrier) {
            seen.add("B" + barrier.checkpointId());
        }

        @Override
        public void onEnd(int channel) {
            seen.add("END");
        }
    }

    @Test
    void drain_stopsAfterABarrier_soTheConsumerDecidesWhenToReadOn() throws Exception {
        ElementQueue queue = new ElementQueue(0, 8, new Wakeup(), new dev.tidemark.runtime.metrics.Counter());
        Recorder recorder = new Recorder();
        queue.writeRecord("a", 1);
        queue.writeBarrier(new CheckpointBarrier(7, 0));
        queue.writeRecord("b", 2);

        assertThat(queue.drain(recorder, 10)).isEqualTo(2);
        assertThat(recorder.seen).containsExactly("a@1", "B7");
        assertThat(queue.drain(recorder, 10)).isEqualTo(1);
        assertThat(recorder.seen).containsExactly("a@1", "B7", "b@2");
    }

    @Test
    void drain_returnsElementsInWriteOrder_upToTheLimit() throws Exception {
        ElementQueue queue = new ElementQueue(0, 8, new Wakeup(), new dev.tidemark.runtime.metrics.Counter());
        queue.writeRecord("a", 1);
        queue.writeWatermark(new Watermark(1));
        queue.writeStatus(WatermarkStatus.IDLE);
        queue.writeEnd();
        Recorder recorder = new Recorder();
        assertThat(queue.drain(recorder, 3)).isEqualTo(3);
        assertThat(queue.drain(recorder, 3)).isEqualTo(1);
        assertThat(queue.isEmpty()).isTrue();
        assertThat(recorder.seen).containsExactly("a@1", "W1", "IDLE", "END");
    }

    @Test
    @Timeout(30)
    void write_fullQueue_blocksProducerUntilDrained_andLosesNothing() throws Exception {
        Wakeup wakeup = new Wakeup();
        ElementQueue queue = new ElementQueue(0, 4, wakeup, new dev.tidemark.runtime.metrics.Counter());
        int total = 100_000;
        Thread producer = new Thread(() -> {
            for (int i = 0; i < total; i++) {
                queue.writeRecord(i, i);
            }
            queue.writeEnd();
        });
        wakeup.bind(Thread.currentThread());
        producer.start();
        Recorder recorder = new Recorder();
        while (recorder.seen.isEmpty() || !recorder.seen.get(recorder.seen.size() - 1).equals("END")) {
            if (queue.drain(recorder, 3) == 0) {
                wakeup.park(ElementQueue.MAX_PARK_NANOS, queue::isEmpty);
            }
        }
        producer.join();
        assertThat(recorder.seen).hasSize(total + 1);
        for (int i = 0; i < total; i++) {
            assertThat(recorder.seen.get(i)).isEqualTo(i + "@" + i);
        }
    }

    @Test
    @Timeout(30)
    void close_releasesABlockedProducer_withAClearError() throws Exception {
        ElementQueue queue = new ElementQueue(0, 2, new Wakeup(), new dev.tidemark.runtime.metrics.Counter());
        AtomicReference<Throwable> failure = new AtomicReference<>();
        CountDownLatch blocked = new CountDownLatch(1);
        Thread producer = new Thread(() -> {
            try {
                queue.writeRecord("a", 0);
                queue.writeRecord("b", 0);
                blocked.countDown();
                queue.writeRecord("c", 0);
            } catch (Throwable t) {
                failure.set(t);
            }
        });
        producer.start();
        assertThat(blocked.await(10, TimeUnit.SECONDS)).isTrue();
        queue.close();
        producer.join();
        assertThatThrownBy(() -> { throw failure.get(); })
                .isInstanceOf(TidemarkException.class)
                .hasMessageContaining("channel closed");
    }

    @Test
    @Timeout(30)
    void write_blockedProducer_countsTheTimeItWaited() throws Exception {
        dev.tidemark.runtime.metrics.Counter blocked = new dev.tidemark.runtime.metrics.Counter();
        ElementQueue queue = new ElementQueue(0, 2, new Wakeup(), blocked);
        Thread producer = new Thread(() -> {
            for (int i = 0; i < 3; i++) {
                queue.writeRecord(i, i);
            }
        });
        producer.start();
        while (producer.getState() != Thread.State.TIMED_WAITING && producer.getState() != Thread.State.WAITING) {
            Thread.onSpinWait(); // the third write parks once the ring of two is full
        }
        queue.drain(new Recorder(), 1);
        producer.join();
        assertThat(blocked.get()).isPositive();
    }

    /** A task's rings share a budget: few inputs get large rings (fewer parks), many get small ones (bounded memory). */
    @Test
    void queueCapacity_sharesTheTasksBudget_withinBounds() {
        assertThat(JobAttempt.queueCapacity(1)).isEqualTo(JobAttempt.MAX_QUEUE_CAPACITY);
        assertThat(JobAttempt.queueCapacity(4)).isEqualTo(8192);
        assertThat(JobAttempt.queueCapacity(5)).isEqualTo(4096);
        assertThat(JobAttempt.queueCapacity(32)).isEqualTo(1024);
        assertThat(JobAttempt.queueCapacity(1000)).isEqualTo(JobAttempt.MIN_QUEUE_CAPACITY);
        for (int channels = 1; channels < 200; channels++) {
            int capacity = JobAttempt.queueCapacity(channels);
            assertThat(Integer.bitCount(capacity)).as("a power of two").isEqualTo(1);
            assertThat((long) capacity * channels).as("within budget for " + channels + " channels")
                    .isLessThanOrEqualTo(Math.max(JobAttempt.TASK_QUEUE_BUDGET, (long) JobAttempt.MIN_QUEUE_CAPACITY * channels));
        }
    }
}
