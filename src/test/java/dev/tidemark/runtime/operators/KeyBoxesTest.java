package dev.tidemark.runtime.operators;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class KeyBoxesTest {

    private final KeyBoxes cache = new KeyBoxes(); // not the library's, which other tests' jobs share

    @Test
    void aBoxHoldsItsKeyIncludingZeroAndTheExtremes() {
        for (long key : new long[] {0, -1, 1, 127, 128, -129, Long.MIN_VALUE, Long.MAX_VALUE, KeyBoxes.SIZE,
                -KeyBoxes.SIZE, 1L << 40}) {
            assertThat(cache.box(key)).isEqualTo(Long.valueOf(key));
        }
    }

    @Test
    void aKeyThatRecursGetsTheBoxMadeLastTime() {
        long first = 1_000_000;
        Long[] boxes = new Long[KeyBoxes.SIZE / 2];
        for (int i = 0; i < boxes.length; i++) {
            boxes[i] = cache.box(first + i);
        }
        for (int i = 0; i < boxes.length; i++) {
            assertThat(cache.box(first + i)).isSameAs(boxes[i]);
        }
    }

    @Test
    void keysThatShareASlotEachGetTheirOwnValue() {
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < 100_000; i++) {
            long key = random.nextLong();
            assertThat(cache.box(key).longValue()).isEqualTo(key);
            long x = 1 + random.nextInt(1 << 20);
            long sharer = key ^ (x << 32) ^ x; // the same Long.hashCode, so the same slot
            assertThat(Long.hashCode(sharer)).isEqualTo(Long.hashCode(key));
            assertThat(cache.box(sharer).longValue()).isEqualTo(sharer);
            assertThat(cache.box(key).longValue()).isEqualTo(key);
        }
    }

    @Test
    void threadsThatRaceForTheSameSlotsNeverGetAnotherKeysBox() {
        AtomicLong wrong = new AtomicLong();
        Runnable race = () -> {
            SplittableRandom random = new SplittableRandom(Thread.currentThread().getId());
            for (int i = 0; i < 2_000_000; i++) {
                long key = random.nextInt(4 * KeyBoxes.SIZE); // every slot wanted by four keys
                if (cache.box(key).longValue() != key) {
                    wrong.incrementAndGet();
                }
            }
        };
        CompletableFuture.allOf(CompletableFuture.runAsync(race, r -> new Thread(r).start()),
                CompletableFuture.runAsync(race, r -> new Thread(r).start())).join();
        assertThat(wrong).hasValue(0);
    }
}
