package dev.tidemark.runtime.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tidemark.api.functions.AggregateFunction;
import dev.tidemark.state.AggregatingStateDescriptor;
import dev.tidemark.state.ListStateDescriptor;
import dev.tidemark.state.MapStateDescriptor;
import dev.tidemark.state.ReducingStateDescriptor;
import dev.tidemark.state.StateTtlConfig;
import dev.tidemark.state.ValueStateDescriptor;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class KeyedStateTest {

    /** A clock the test sets by hand. */
    static final class Clock implements StateClock {
        long processingTime;
        long watermark = Long.MIN_VALUE;
        long eventTime = Long.MIN_VALUE;

        @Override
        public long currentProcessingTime() {
            return processingTime;
        }

        @Override
        public long currentWatermark() {
            return watermark;
        }

        @Override
        public long currentEventTime() {
            return eventTime;
        }
    }

    private final Clock clock = new Clock();
    private final HeapKeyedStateBackend<String> backend = new HeapKeyedStateBackend<>(128, clock, "op");
    private final NamespacedStateStore<String, VoidNamespace> store = new NamespacedStateStore<>(backend, VoidNamespace.INSTANCE);

    @Test
    void valueState_isPerKey_andClearRemovesEverything() {
        var state = store.getState(new ValueStateDescriptor<>("v", Integer.class));
        backend.setCurrentKey("a");
        state.update(1);
        backend.setCurrentKey("b");
        assertThat(state.value()).isNull();
        state.update(2);
        backend.setCurrentKey("a");
        assertThat(state.value()).isEqualTo(1);
        state.clear();
        backend.setCurrentKey("b");
        state.update(null);
        assertThat(backend.totalEntries()).isZero();
    }

    @Test
    void valueState_readThenWrite_seesEveryChangeOtherStatesAndKeysMadeInBetween() {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        // two states on one table (a function's and a window's state of the same name), as a window function has
        var perWindow = new NamespacedStateStore<String, String>(backend, "w0");
        var windowed = perWindow.getState(new ValueStateDescriptor<>("v", Integer.class));
        var plain = store.getState(new ValueStateDescriptor<>("v", Integer.class));
        Map<String, Integer> model = new HashMap<>();
        for (int op = 0; op < 50_000; op++) {
            String key = "k" + random.nextInt(300); // a new String each time: equal keys, not the same object
            String window = "w" + random.nextInt(3);
            backend.setCurrentKey(key);
            perWindow.setNamespace(window);
            boolean onWindow = random.nextBoolean();
            String entry = key + "/" + (onWindow ? window : "-");
            var state = onWindow ? windowed : plain;
            assertThat(state.value()).as("seed %d, %s", seed, entry).isEqualTo(model.get(entry));
            int choice = random.nextInt(10);
            if (choice < 6) {
                state.update(op);
                model.put(entry, op);
            } else if (choice < 9) {
                state.clear();
                model.remove(entry);
            }
            assertThat(state.value()).as("seed %d, %s", seed, entry).isEqualTo(model.get(entry));
        }
    }

    @Test
    void listMapReducingAggregating_behaveAsCollectionsPerKey() {
        backend.setCurrentKey("k");
        var list = store.getListState(new ListStateDescriptor<>("l", String.class));
        list.add("x");
        list.addAll(List.of("y", "z"));
        assertThat(list.get()).containsExactly("x", "y", "z");
        list.update(List.of("only"));
        assertThat(list.get()).containsExactly("only");

        var map = store.getMapState(new MapStateDescriptor<>("m", String.class, Integer.class));
        map.putAll(Map.of("a", 1, "b", 2));
        map.remove("a");
        assertThat(map.contains("a")).isFalse();
        assertThat(map.keys()).containsExactly("b");
        assertThat(map.get("b")).isEqualTo(2);

        var reducing = store.getReducingState(new ReducingStateDescriptor<>("r", Integer::sum, Integer.class));
        reducing.add(3);
        reducing.add(4);
        assertThat(reducing.get()).isEqualTo(7);

        var average = store.getAggregatingState(new AggregatingStateDescriptor<>("avg", new Average(), long[].class));
        average.add(2);
        average.add(4);
        assertThat(average.get()).isEqualTo(3.0);
    }

    static final class Average implements AggregateFunction<Integer, long[], Double> {
        @Override
        public long[] createAccumulator() {
            return new long[2];
        }

        @Override
        public long[] add(Integer value, long[] acc) {
            acc[0] += value;
            acc[1]++;
            return acc;
        }

        @Override
        public Double getResult(long[] acc) {
            return (double) acc[0] / acc[1];
        }

        @Override
        public long[] merge(long[] a, long[] b) {
            return new long[] {a[0] + b[0], a[1] + b[1]};
        }
    }

    @Test
    void namespaces_separateStateOfTheSameKey() {
        NamespacedStateStore<String, String> windows = new NamespacedStateStore<>(backend, "w1");
        var state = windows.getState(new ValueStateDescriptor<>("v", Integer.class));
        backend.setCurrentKey("k");
        state.update(1);
        windows.setNamespace("w2");
        assertThat(state.value()).isNull();
        windows.setNamespace("w1");
        assertThat(state.value()).isEqualTo(1);
    }

    @Test
    void processingTimeTtl_expiresAfterTtl_andRefreshesOnWrite() {
        var descriptor = new ValueStateDescriptor<>("ttl", String.class);
        descriptor.enableTimeToLive(StateTtlConfig.processingTime(Duration.ofMillis(100)));
        var state = store.getState(descriptor);
        backend.setCurrentKey("k");
        state.update("v");
        clock.processingTime = 99;
        assertThat(state.value()).isEqualTo("v");
        state.update("w");
        clock.processingTime = 198;
        assertThat(state.value()).isEqualTo("w");
        clock.processingTime = 199;
        assertThat(state.value()).isNull();
        assertThat(backend.totalEntries()).as("expired values are removed when read").isZero();
    }

    @Test
    void eventTimeTtl_expiresOnceTheWatermarkPassesWriteTimePlusTtl() {
        var descriptor = new ValueStateDescriptor<>("ttl", String.class);
        descriptor.enableTimeToLive(StateTtlConfig.eventTime(Duration.ofMillis(50)).refreshedOnRead());
        var state = store.getState(descriptor);
        backend.setCurrentKey("k");
        clock.eventTime = 1_000;
        state.update("v");
        clock.watermark = 1_049;
        clock.eventTime = 1_010;
        assertThat(state.value()).as("read refreshes to 1010").isEqualTo("v");
        clock.watermark = 1_059;
        assertThat(state.value()).isEqualTo("v");
        clock.watermark = 1_070;
        assertThat(state.value()).isNull();
    }

    @Test
    void oneName_twoKinds_isRejected() {
        store.getState(new ValueStateDescriptor<>("x", Integer.class));
        assertThatThrownBy(() -> store.getListState(new ListStateDescriptor<>("x", Integer.class)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("state name must be used for one kind of state: name=x");
    }

    @Test
    void keyGroups_areStableAndInRange() {
        for (int i = 0; i < 10_000; i++) {
            int group = KeyGroups.assignToKeyGroup("key-" + i, 128);
            assertThat(group).isBetween(0, 127).isEqualTo(KeyGroups.assignToKeyGroup("key-" + i, 128));
            assertThat(KeyGroups.operatorIndexForKeyGroup(128, 4, group)).isBetween(0, 3);
        }
        assertThat(KeyGroups.murmurHash(Integer.MIN_VALUE)).isNotNegative();
    }

    /**
     * A long key made current unboxed (a window firing) keys state, and the key group a snapshot
     * splits it by, as its box does; a key another instance owns fails, naming the operator.
     */
    @Test
    void aLongKeyMadeCurrentUnboxed_keysStateAsItsBox() {
        HeapKeyedStateBackend<Long> longs = new HeapKeyedStateBackend<>(128, clock, "op");
        var state = new NamespacedStateStore<>(longs, VoidNamespace.INSTANCE)
                .getState(new ValueStateDescriptor<>("v", Integer.class));
        for (long key : new long[] {0, -1, 42, 1L << 32, Long.MIN_VALUE, Long.MAX_VALUE}) {
            longs.setCurrentKey(key);
            int group = longs.getCurrentKeyGroup();
            state.update((int) key);
            longs.setCurrentLongKey(key);
            assertThat(longs.getCurrentKeyGroup()).as("group of %s", key).isEqualTo(group);
            assertThat(state.value()).as("state of %s", key).isEqualTo((int) key);
            assertThat(longs.getCurrentKey()).isEqualTo(key);
            longs.setCurrentKey(7L); // a boxed key after an unboxed one is current again, and has no state
            assertThat(state.value()).isNull();
        }
        HeapKeyedStateBackend<Long> firstOfTwo = new HeapKeyedStateBackend<>(128, clock, "op", 0, 2);
        long notOwned = java.util.stream.LongStream.range(0, 100)
                .filter(k -> KeyGroups.operatorIndexForKeyGroup(128, 2, KeyGroups.assignToKeyGroup((Object) k, 128)) == 1)
                .findFirst().orElseThrow();
        assertThatThrownBy(() -> firstOfTwo.setCurrentLongKey(notOwned))
                .hasMessageContaining("key must reach the instance that owns its key group: key=" + notOwned)
                .hasMessageContaining("operator=op");
    }
}
