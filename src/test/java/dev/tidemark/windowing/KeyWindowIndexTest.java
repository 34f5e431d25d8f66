package dev.tidemark.windowing;

import static dev.tidemark.windowing.AlignedWindowsTest.assertSameOutput;
import static dev.tidemark.windowing.AlignedWindowsTest.windows;

import dev.tidemark.windowing.AlignedWindowsTest.Event;
import dev.tidemark.windowing.assigners.SlidingEventTimeWindows;
import java.time.Duration;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Sliding windows find an element's key once for all its windows (through the operator's key
 * index), held to the general operator's results and order where that index is stressed: keys that
 * come and go by the thousand, or come back now and then (its directory is compacted, and keeps or
 * gives back its arrays), a watermark that stalls (every key's
 * ring grows with the span of open windows, and past what a ring may hold the tables find keys by
 * their own indexes again), and allowed lateness (fired windows stay open).
 */
class KeyWindowIndexTest {

    @Test
    void keysComingAndGoing_aStallingWatermark_andLateness_giveTheGeneralOperatorsOutput() {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        for (int run = 0; run < 8; run++) {
            long slide = 1 + random.nextInt(4);
            long size = slide * (2 + random.nextInt(7));
            var assigner = SlidingEventTimeWindows.of(Duration.ofMillis(size), Duration.ofMillis(slide));
            long lateness = random.nextBoolean() ? 0 : random.nextInt(30);
            boolean reduce = random.nextBoolean();
            long stall = run % 3 == 0 ? 2_000 : 40; // of event time without a watermark, now and then
            // keys that come back: each is in a window about a third of the time, so the compacted directory keeps its arrays
            boolean returning = run % 2 == 1;
            long returningKeys = 3 * (size + 30) * 100;
            String config = "seed=" + seed + " run=" + run + " size=" + size + " slide=" + slide + " lateness=" + lateness
                    + " reduce=" + reduce + " stall=" + stall + " returning=" + returning;
            assertSameOutput(config, keyed -> windows(keyed, assigner, lateness, false, reduce),
                    keyed -> windows(keyed, assigner, lateness, true, reduce), in -> {
                        long clock = 0;
                        long quietUntil = -1;
                        for (int i = 0; i < 20_000; i++) {
                            clock += returning ? (i % 100 == 0 ? 1 : 0) : random.nextInt(3);
                            int key = returning ? (int) (i * 7919L % returningKeys)
                                    : i / 6 + random.nextInt(4); // each key lives for about 30 events
                            in.emit(new Event(key, 1 + random.nextInt(9)), clock - random.nextInt(20));
                            if (random.nextInt(3_000) == 0) {
                                quietUntil = clock + stall;
                            }
                            if (clock > quietUntil && random.nextInt(8) == 0) {
                                in.emitWatermark(clock - 20 - random.nextInt(10));
                            }
                        }
                    });
        }
    }
}
