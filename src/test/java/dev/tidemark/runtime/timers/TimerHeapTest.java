package dev.tidemark.runtime.timers;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class TimerHeapTest {

    @Test
    void add_sameTimerTwice_keepsOne_andReportsHeadChanges() {
        TimerHeap<String, String> heap = new TimerHeap<>();
        assertThat(heap.add("k", "w", 10)).isTrue();
        assertThat(heap.add("k", "w", 10)).isFalse();
        assertThat(heap.add("k", "w", 20)).isFalse();
        assertThat(heap.add("j", "w", 5)).isTrue();
        assertThat(heap.size()).isEqualTo(3);
        assertThat(heap.remove("j", "w", 5)).isTrue();
        assertThat(heap.remove("j", "w", 5)).isFalse();
        assertThat(heap.peek().timestamp()).isEqualTo(10);
    }

    @Test
    void poll_equalTimestamps_comeOutInRegistrationOrder() {
        TimerHeap<String, String> heap = new TimerHeap<>();
        for (String key : List.of("c", "a", "b")) {
            heap.add(key, "w", 7);
        }
        List<String> order = new ArrayList<>();
        InternalTimer<String, String> t;
        while ((t = heap.poll()) != null) {
            order.add(t.key());
        }
        assertThat(order).containsExactly("c", "a", "b");
    }

    /** A reference model: the same operations on a sorted set of (timestamp, sequence, key, namespace). */
    record Ref(long timestamp, long seq, int key, int ns) {}

    @Test
    void randomOperations_matchASortedSetModel() {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        for (int round = 0; round < 20; round++) {
            TimerHeap<Integer, Integer> heap = new TimerHeap<>();
            TreeSet<Ref> model = new TreeSet<>((a, b) -> a.timestamp != b.timestamp
                    ? Long.compare(a.timestamp, b.timestamp) : Long.compare(a.seq, b.seq));
            long seq = 0;
            for (int op = 0; op < 2_000; op++) {
                int key = random.nextInt(20);
                int ns = random.nextInt(3);
                long ts = random.nextInt(200) - 100;
                int choice = random.nextInt(10);
                if (choice < 5) {
                    boolean exists = model.stream().anyMatch(r -> r.key == key && r.ns == ns && r.timestamp == ts);
                    heap.add(key, ns, ts);
                    if (!exists) {
                        model.add(new Ref(ts, seq++, key, ns));
                    }
                } else if (choice < 8) {
                    heap.remove(key, ns, ts);
                    model.removeIf(r -> r.key == key && r.ns == ns && r.timestamp == ts);
                } else {
                    InternalTimer<Integer, Integer> polled = heap.poll();
                    Ref expected = model.pollFirst();
                    if (expected == null) {
                        assertThat(polled).as("seed %d", seed).isNull();
                    } else {
                        assertThat(new long[] {polled.timestamp(), polled.key(), polled.namespace()})
                                .as("seed %d", seed)
                                .containsExactly(expected.timestamp, expected.key, expected.ns);
                    }
                }
                assertThat(heap.size()).as("seed %d", seed).isEqualTo(model.size());
            }
        }
    }
}
