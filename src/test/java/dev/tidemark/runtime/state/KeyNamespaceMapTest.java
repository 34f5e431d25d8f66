package dev.tidemark.runtime.state;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class KeyNamespaceMapTest {

    record Pair(int key, int namespace) {}

    @Test
    void randomOperations_matchAHashMapModel() {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        KeyNamespaceMap<Integer, Integer, Long> map = new KeyNamespaceMap<>();
        Map<Pair, Long> model = new HashMap<>();
        for (int op = 0; op < 200_000; op++) {
            int key = random.nextInt(300);
            int namespace = random.nextInt(20);
            Pair pair = new Pair(key, namespace);
            switch (random.nextInt(3)) {
                case 0 -> {
                    long value = random.nextLong();
                    map.put(key, namespace, value);
                    model.put(pair, value);
                }
                case 1 -> assertThat(map.remove(key, namespace)).as("seed %d", seed).isEqualTo(model.remove(pair));
                default -> assertThat(map.get(key, namespace)).as("seed %d", seed).isEqualTo(model.get(pair));
            }
            assertThat(map.size()).as("seed %d", seed).isEqualTo(model.size());
        }
        Map<Pair, Long> seen = new HashMap<>();
        map.forEach((k, n, v) -> seen.put(new Pair(k, n), v));
        assertThat(seen).as("seed %d", seed).isEqualTo(model);
    }
}
