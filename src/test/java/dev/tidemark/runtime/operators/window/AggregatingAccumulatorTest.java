package dev.tidemark.runtime.operators.window;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tidemark.api.functions.AggregateFunction;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Accumulators made ahead in batches: every window and key still gets an accumulator of its own,
 * no more wait unused than the batch bound allows, and accumulators that {@code add} replaces are
 * made one per key, as they were before batches.
 */
class AggregatingAccumulatorTest {

    /** Sums into a {@code long[1]} changed in place, counting the accumulators it makes. */
    static final class InPlaceSum implements AggregateFunction<Long, long[], Long> {
        int made;

        @Override
        public long[] createAccumulator() {
            made++;
            return new long[1];
        }

        @Override
        public long[] add(Long value, long[] acc) {
            acc[0] += value;
            return acc;
        }

        @Override
        public Long getResult(long[] acc) {
            return acc[0];
        }

        @Override
        public long[] merge(long[] a, long[] b) {
            a[0] += b[0];
            return a;
        }
    }

    /** Sums into immutable {@code Long}s: {@code add} returns a new accumulator every time. */
    static final class ImmutableSum implements AggregateFunction<Long, Long, Long> {
        int made;

        @Override
        public Long createAccumulator() {
            made++;
            return 0L;
        }

        @Override
        public Long add(Long value, Long acc) {
            return acc + value;
        }

        @Override
        public Long getResult(Long acc) {
            return acc;
        }

        @Override
        public Long merge(Long a, Long b) {
            return a + b;
        }
    }

    @Test
    void everyFirstElementGetsAFreshAccumulatorOfItsOwn() {
        InPlaceSum sum = new InPlaceSum();
        AggregatingAccumulator<Long, long[]> accumulator = new AggregatingAccumulator<>(sum);
        Set<long[]> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        for (long i = 1; i <= 5_000; i++) {
            long[] acc = accumulator.first(i);
            assertThat(acc[0]).as("a fresh accumulator holds the first element only").isEqualTo(i);
            assertThat(seen.add(acc)).as("accumulator %d is shared", i).isTrue();
            assertThat(sum.made - i).as("accumulators made ahead but unused after %d", i)
                    .isBetween(0L, Math.max(AggregatingAccumulator.FIRST_BATCH, Math.min(i, AggregatingAccumulator.MAX_BATCH)));
        }
    }

    @Test
    void accumulatorsThatAddReplacesAreMadeOnePerKey() {
        ImmutableSum sum = new ImmutableSum();
        AggregatingAccumulator<Long, Long> accumulator = new AggregatingAccumulator<>(sum);
        assertThat(accumulator.first(5L)).isEqualTo(5L);
        int madeAfterFirst = sum.made;
        for (long i = 1; i <= 100; i++) {
            assertThat(accumulator.first(i)).isEqualTo(i);
            assertThat(accumulator.add(1L, i)).isEqualTo(i + 1);
        }
        assertThat(sum.made - madeAfterFirst).isEqualTo(100);
        assertThat(madeAfterFirst).isEqualTo(AggregatingAccumulator.FIRST_BATCH);
    }
}
