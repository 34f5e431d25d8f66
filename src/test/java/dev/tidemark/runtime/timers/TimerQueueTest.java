package dev.tidemark.runtime.timers;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(60) // a broken chain loops forever: fail instead of hanging the build
class TimerQueueTest {

    /** The earliest timer, removed, or {@code null}. */
    private static <K, N> InternalTimer<K, N> poll(TimerQueue<K, N> queue) {
        return queue.pollUpTo(Long.MAX_VALUE)
                ? new InternalTimer<>(queue.polledKey(), queue.polledNamespace(), queue.polledTimestamp()) : null;
    }

    @Test
    void add_sameTimerTwice_keepsOne_andReportsHeadChanges() {
        TimerQueue<String, String> queue = new TimerQueue<>();
        assertThat(queue.add("k", "w", 10)).isTrue();
        assertThat(queue.add("k", "w", 10)).isFalse();
        assertThat(queue.add("k", "w", 20)).isFalse();
        assertThat(queue.add("j", "w", 5)).isTrue();
        assertThat(queue.size()).isEqualTo(3);
        assertThat(queue.remove("j", "w", 5)).isTrue();
        assertThat(queue.remove("j", "w", 5)).isFalse();
        assertThat(queue.peekTimestamp()).isEqualTo(10);
    }

    @Test
    void poll_equalTimestamps_comeOutInRegistrationOrder() {
        TimerQueue<String, String> queue = new TimerQueue<>();
        for (String key : List.of("c", "a", "b")) {
            queue.add(key, "w", 7);
        }
        List<String> order = new ArrayList<>();
        InternalTimer<String, String> t;
        while ((t = poll(queue)) != null) {
            order.add(t.key());
        }
        assertThat(order).containsExactly("c", "a", "b");
    }

    @Test
    void manyTimersAtEachWindowEnd_fireInRegistrationOrder() {
        TimerQueue<Integer, String> queue = new TimerQueue<>();
        for (long end : new long[] {999, 1999, 2999}) {
            for (int key = 0; key < 5_000; key++) {
                queue.add(key, "w", end);
            }
            for (int key = 0; key < 5_000; key++) {
                InternalTimer<Integer, String> t = poll(queue);
                assertThat(t.timestamp()).isEqualTo(end);
                assertThat(t.key()).isEqualTo(key);
            }
            assertThat(poll(queue)).isNull();
        }
    }

    @Test
    void deleteAndReregister_atOneTimestamp_keepsRegistrationOrder() {
        TimerQueue<Integer, String> queue = new TimerQueue<>();
        for (int key = 0; key < 10; key++) {
            queue.add(key, "w", 5);
        }
        for (int round = 0; round < 100_000; round++) {
            int key = round % 10;
            queue.remove(key, "w", 5);
            queue.add(key, "w", 5);
        }
        assertThat(queue.size()).isEqualTo(10);
        List<Integer> order = new ArrayList<>();
        InternalTimer<Integer, String> t;
        while ((t = poll(queue)) != null) {
            order.add(t.key());
        }
        assertThat(order).containsExactly(0, 1, 2, 3, 4, 5, 6, 7, 8, 9);
        assertThat(queue.isEmpty()).isTrue();
    }

    /**
     * Timers are slots in arrays that give their memory back once every timer has fired: the queue
     * works on after that, also for the very timer registered last before the burst fired.
     */
    @Test
    void aBurstThatFiresWhole_givesItsSlotsBack_andTheQueueWorksOn() {
        TimerQueue<Integer, String> queue = new TimerQueue<>();
        for (int round = 0; round < 3; round++) {
            for (int key = 0; key < 5_000; key++) {
                queue.add(key, "w", 100 + key % 7);
            }
            assertThat(queue.add(4_999, "w", 100 + 4_999 % 7)).as("already there").isFalse();
            int fired = 0;
            long last = Long.MIN_VALUE;
            while (queue.pollUpTo(200)) {
                assertThat(queue.polledTimestamp()).isGreaterThanOrEqualTo(last);
                last = queue.polledTimestamp();
                fired++;
            }
            assertThat(fired).isEqualTo(5_000);
            assertThat(queue.isEmpty()).isTrue();
            queue.add(4_999, "w", 100 + 4_999 % 7); // the last registration's slot is gone
            assertThat(queue.size()).isEqualTo(1);
            assertThat(poll(queue)).isEqualTo(new InternalTimer<>(4_999, "w", 100 + 4_999 % 7));
        }
    }

    @Test
    void pollUpTo_leavesTimersThatAreNotDue() {
        TimerQueue<String, String> queue = new TimerQueue<>();
        queue.add("a", "w", 10);
        queue.add("b", "w", 20);
        assertThat(queue.pollUpTo(9)).isFalse();
        assertThat(queue.pollUpTo(15)).isTrue();
        assertThat(queue.polledKey()).isEqualTo("a");
        assertThat(queue.pollUpTo(15)).isFalse();
        assertThat(queue.peekTimestamp()).isEqualTo(20);
        assertThat(queue.size()).isEqualTo(1);
    }

    /** A reference model: the same operations on a sorted set of (timestamp, sequence, key, namespace). */
    record Ref(long timestamp, long seq, int key, int ns) {}

    @Test
    void randomOperations_matchASortedSetModel() {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        for (int round = 0; round < 40; round++) {
            int timestamps = round % 2 == 0 ? 200 : 3; // few timestamps: long buckets with holes
            TimerQueue<Integer, Integer> queue = new TimerQueue<>();
            TreeSet<Ref> model = new TreeSet<>((a, b) -> a.timestamp != b.timestamp
                    ? Long.compare(a.timestamp, b.timestamp) : Long.compare(a.seq, b.seq));
            long seq = 0;
            for (int op = 0; op < 2_000; op++) {
                int key = random.nextInt(20);
                int ns = random.nextInt(3);
                long ts = random.nextInt(timestamps) - timestamps / 2;
                int choice = random.nextInt(10);
                if (choice < 5) {
                    boolean exists = model.stream().anyMatch(r -> r.key == key && r.ns == ns && r.timestamp == ts);
                    queue.add(key, ns, ts);
                    if (!exists) {
                        model.add(new Ref(ts, seq++, key, ns));
                    }
                } else if (choice < 8) {
                    queue.remove(key, ns, ts);
                    model.removeIf(r -> r.key == key && r.ns == ns && r.timestamp == ts);
                } else {
                    InternalTimer<Integer, Integer> polled = poll(queue);
                    Ref expected = model.pollFirst();
                    if (expected == null) {
                        assertThat(polled).as("seed %d", seed).isNull();
                    } else {
                        assertThat(new long[] {polled.timestamp(), polled.key(), polled.namespace()})
                                .as("seed %d", seed)
                                .containsExactly(expected.timestamp, expected.key, expected.ns);
                    }
                }
                assertThat(queue.size()).as("seed %d", seed).isEqualTo(model.size());
            }
        }
    }
}
