package dev.tidemark.runtime.timers;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ChainsByTimestampTest {

    @Test
    void growsAndShrinks_findingEveryChainAsAMapWould() {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        ChainsByTimestamp chains = new ChainsByTimestamp();
        Map<Long, Integer> model = new HashMap<>();
        for (int phase = 0; phase < 6; phase++) {
            boolean growing = phase % 2 == 0;
            long spacing = phase < 2 ? 1 : 1L << (10 + phase); // consecutive, then far apart
            for (int op = 0; op < 20_000; op++) {
                long ts = (random.nextInt(5_000) - 2_500) * spacing;
                if (random.nextInt(10) < (growing ? 7 : 2)) {
                    chains.put(ts, op);
                    model.put(ts, op);
                } else if (model.remove(ts) != null) {
                    chains.remove(ts);
                }
                long probe = (random.nextInt(5_000) - 2_500) * spacing;
                assertThat(chains.get(probe)).as("seed %d", seed).isEqualTo(model.getOrDefault(probe, -1));
            }
            assertThat(chains.size()).as("seed %d", seed).isEqualTo(model.size());
            model.forEach((ts, head) -> assertThat(chains.get(ts)).as("seed %d", seed).isEqualTo(head));
        }
    }
}
