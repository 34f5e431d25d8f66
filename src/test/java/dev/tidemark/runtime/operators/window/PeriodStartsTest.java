package dev.tidemark.runtime.operators.window;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tidemark.windowing.windows.TimeWindow;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The position from the remembered period start is always the one computed afresh, at the ends of time too. */
class PeriodStartsTest {

    @Test
    void positionOf_isPositionInPeriod_forWalksJumpsAndTheEndsOfTime() {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        for (int run = 0; run < 200; run++) {
            long period = 1 + random.nextInt(run % 2 == 0 ? 10 : 100_000);
            long offset = random.nextLong() % period;
            PeriodStarts starts = new PeriodStarts(offset, period);
            long t = switch (run % 4) {
                case 0 -> Long.MIN_VALUE;
                case 1 -> Long.MAX_VALUE - 3 * period;
                default -> random.nextLong();
            };
            for (int i = 0; i < 300; i++) {
                long step = random.nextInt(4) == 0 ? random.nextInt(3 * (int) Math.min(period, 1000)) - period : random.nextInt(3);
                long next = t + step;
                t = step > 0 && next < t ? Long.MAX_VALUE : step < 0 && next > t ? Long.MIN_VALUE : next;
                assertThat(starts.positionOf(t)).as("seed=%d period=%d offset=%d t=%d", seed, period, offset, t)
                        .isEqualTo(TimeWindow.positionInPeriod(t, offset, period));
            }
        }
    }

    /** Out-of-order elements fall back and forth between two periods, as with a bounded out-of-orderness. */
    @Test
    void positionOf_isPositionInPeriod_forElementsOutOfOrder() {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        for (int run = 0; run < 50; run++) {
            long period = 1 + random.nextInt(run % 2 == 0 ? 10 : 5_000);
            long offset = random.nextLong() % period;
            long disorder = 1 + random.nextInt((int) (2 * period));
            PeriodStarts starts = new PeriodStarts(offset, period);
            long now = run % 3 == 0 ? Long.MIN_VALUE + disorder : random.nextLong() / 2;
            for (int i = 0; i < 2_000; i++) {
                now += random.nextInt(3);
                long t = now - random.nextLong(disorder);
                assertThat(starts.positionOf(t)).as("seed=%d period=%d offset=%d t=%d", seed, period, offset, t)
                        .isEqualTo(TimeWindow.positionInPeriod(t, offset, period));
            }
        }
    }
}
