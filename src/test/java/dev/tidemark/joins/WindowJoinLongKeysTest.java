package dev.tidemark.joins;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tidemark.api.DataStream;
import dev.tidemark.api.functions.CoGroupFunction;
import dev.tidemark.api.functions.Collector;
import dev.tidemark.api.functions.KeySelector;
import dev.tidemark.testing.TestDriver;
import dev.tidemark.testing.TestSink;
import dev.tidemark.testing.TestSource;
import dev.tidemark.windowing.assigners.SlidingEventTimeWindows;
import dev.tidemark.windowing.assigners.TumblingEventTimeWindows;
import dev.tidemark.windowing.assigners.WindowAssigner;
import dev.tidemark.windowing.windows.TimeWindow;
import java.io.Serializable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A window join or coGroup keyed by methods that return {@code long} on both sides (which the window
 * operator reads unboxed) pairs and groups exactly as the same join keyed by lambdas that box, or
 * by a method on one side and a lambda on the other: the same output in the same order, with late
 * elements dropped alike.
 */
class WindowJoinLongKeysTest {

    /** Also the interval join's inputs in {@code IntervalJoinLongKeysTest}. */
    record Left(long account, int amount) implements Serializable {}

    record Right(long account, String note) implements Serializable {}

    /** Keys whose {@code Long.hashCode}s collide, negatives and the extremes. */
    static final long[] KEYS = {0, 1, -1, 1L << 32, (1L << 32) | 1, 3L << 32, Long.MIN_VALUE, Long.MAX_VALUE, 42};

    /** Each group as both sides' elements, each side in arrival order. */
    static final class Groups implements CoGroupFunction<Left, Right, String> {
        @Override
        public void coGroup(Iterable<Left> lefts, Iterable<Right> rights, Collector<String> out) {
            List<String> all = new ArrayList<>();
            lefts.forEach(l -> all.add("L" + l.account() + ":" + l.amount()));
            rights.forEach(r -> all.add("R" + r.account() + ":" + r.note()));
            out.collect(String.join(",", all));
        }
    }

    @Test
    void randomJoins_byLongGetters_pairAsTheSameJoinsByBoxingLambdas_inTheSameOrder() {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        for (int run = 0; run < 30; run++) {
            long size = 2 + random.nextInt(20);
            long slide = random.nextBoolean() ? size : 1 + random.nextInt((int) size);
            WindowAssigner<Object, TimeWindow> windows = slide == size
                    ? TumblingEventTimeWindows.of(Duration.ofMillis(size))
                    : SlidingEventTimeWindows.of(Duration.ofMillis(size), Duration.ofMillis(slide));
            boolean coGroup = random.nextBoolean();
            String config = "seed=" + seed + " run=" + run + " " + windows + (coGroup ? " coGroup" : " join");
            try (TestDriver driver = TestDriver.create()) {
                TestSource<Left> lefts = driver.source("lefts", Left.class);
                TestSource<Right> rights = driver.source("rights", Right.class);
                TestSink<String> unboxed = driver.sink(joined(lefts.stream(), rights.stream(), Left::account,
                        Right::account, windows, coGroup));
                TestSink<String> boxed = driver.sink(joined(lefts.stream(), rights.stream(), l -> l.account(),
                        r -> r.account(), windows, coGroup));
                TestSink<String> oneSideBoxed = driver.sink(joined(lefts.stream(), rights.stream(), Left::account,
                        r -> r.account(), windows, coGroup));
                driver.start();
                long clock = 0;
                for (int i = 0; i < 300; i++) {
                    clock += random.nextInt(3);
                    long key = KEYS[random.nextInt(KEYS.length)];
                    emitOnEitherSide(random, lefts, rights, key, i, clock);
                    if (random.nextInt(6) == 0) {
                        (random.nextBoolean() ? lefts : rights).emitWatermark(clock - random.nextInt(25));
                    }
                }
                lefts.finish();
                rights.finish();
                assertThat(boxed.records()).as(config).isNotEmpty();
                assertThat(unboxed.records()).as(config).containsExactlyElementsOf(boxed.records());
                assertThat(oneSideBoxed.records()).as(config).containsExactlyElementsOf(boxed.records());
            }
        }
    }

    /** Element {@code i} of {@code key} on a side drawn at random, up to 19 ms behind {@code clock}. */
    static void emitOnEitherSide(Random random, TestSource<Left> lefts, TestSource<Right> rights, long key, int i,
            long clock) {
        if (random.nextBoolean()) {
            lefts.emit(new Left(key, i), clock - random.nextInt(20));
        } else {
            rights.emit(new Right(key, "n" + i), clock - random.nextInt(20));
        }
    }

    private static DataStream<String> joined(DataStream<Left> lefts, DataStream<Right> rights,
            KeySelector<Left, Long> leftKey, KeySelector<Right, Long> rightKey, WindowAssigner<Object, TimeWindow> windows,
            boolean coGroup) {
        if (coGroup) {
            return lefts.coGroup(rights).where(leftKey).equalTo(rightKey).window(windows).apply(new Groups());
        }
        return lefts.join(rights).where(leftKey).equalTo(rightKey).window(windows)
                .apply((l, r) -> l.account() + ":" + l.amount() + "+" + r.note());
    }
}
