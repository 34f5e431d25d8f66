package dev.tidemark.windowing;

import static dev.tidemark.windowing.AlignedWindowsTest.assertSameOutput;
import static dev.tidemark.windowing.AlignedWindowsTest.runSwitchingAt;
import static dev.tidemark.windowing.AlignedWindowsTest.twelveBy4;
import static dev.tidemark.windowing.AlignedWindowsTest.windows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tidemark.windowing.AlignedWindowsTest.Event;
import dev.tidemark.windowing.AlignedWindowsTest.Fold;
import dev.tidemark.windowing.assigners.SlidingEventTimeWindows;
import dev.tidemark.windowing.assigners.WindowAssigner;
import dev.tidemark.windowing.windows.TimeWindow;
import dev.tidemark.api.KeyedStream;
import dev.tidemark.api.SingleOutputStreamOperator;
import dev.tidemark.testing.TestDriver;
import dev.tidemark.testing.TestSource;
import dev.tidemark.windowing.AlignedWindowsTest.Sum;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import java.util.function.ObjIntConsumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Sliding windows find an element's key once for all its windows (through the operator's key
 * index), held to the general operator's results and order where that index is stressed: keys that
 * come and go by the thousand, or come back now and then (its directory is compacted, and keeps or
 * gives back its arrays), a watermark that stalls (every key's
 * ring grows with the span of open windows, and past what a ring may hold the tables find keys by
 * their own indexes again), allowed lateness (fired windows stay open), and rare keys (a key's first
 * element in a window waits there until the window needs an accumulator).
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
            Fold fold = Fold.values()[random.nextInt(Fold.values().length)];
            long stall = run % 3 == 0 ? 2_000 : 40; // of event time without a watermark, now and then
            // keys that come back: each is in a window about a third of the time, so the compacted directory keeps its arrays
            boolean returning = run % 2 == 1;
            long returningKeys = 3 * (size + 30) * 100;
            String config = "seed=" + seed + " run=" + run + " size=" + size + " slide=" + slide + " lateness=" + lateness
                     + " fold=" + fold + " stall=" + stall + " returning=" + returning;
            assertSameOutput(config, keyed -> windows(keyed, assigner, lateness, false, fold),
                    keyed -> windows(keyed, assigner, lateness, true, fold), in -> {
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

    /**
     * A key's first element in a window waits there until the window needs an accumulator (an
     * {@code int[]} accumulator, kept as an object); a snapshot taken while elements wait holds the
     * accumulators the general operator would, and either operator restores it. The aggregate sees
     * each window's elements in arrival order. The same with a {@code long[]} accumulator, kept flat,
     * where no element waits.
     */
    @ParameterizedTest
    @EnumSource(names = {"SUM", "DIGITS"})
    void rareKeysFirstElements_surviveASnapshot_intoEitherOperator(Fold fold) {
        List<String> uninterrupted = assertSameAcrossSnapshots(twelveBy4(), 6, fold, KeyWindowIndexTest::rareAndCommonKeys,
                57, 158, 233);
        assertThat(uninterrupted).as("rare keys alone in a window").anyMatch(s -> s.startsWith("7|"))
                .as("late firings").anyMatch(s -> s.contains("|fired 2|"));
    }

    /**
     * With three windows per element and keys that never come back, the operator gives up its key
     * index midway (its tables then find keys on their own): the results stay the general operator's,
     * also across snapshots taken before and after, and restored into either operator.
     */
    @Test
    void keysThatNeverComeBack_withFewWindowsPerElement_giveTheGeneralOperatorsOutput_acrossSnapshots() {
        assertSameAcrossSnapshots(KeyWindowIndexTest::keysOnce, 30, 158, 233);
    }

    /**
     * Keys that never come back make the operator give its key index up; when keys then recur, it
     * takes a new one up, laying out the keys of the windows open then: the results stay the
     * general operator's, across snapshots taken while given up and after, restored into either
     * operator.
     */
    @Test
    void keysThatRecurAgain_afterTheIndexWasGivenUp_giveTheGeneralOperatorsOutput_acrossSnapshots() {
        // windows that stay open from before the index was given up until after it is taken up again
        var fortyBy20 = SlidingEventTimeWindows.of(Duration.ofMillis(40), Duration.ofMillis(20));
        assertSameAcrossSnapshots(fortyBy20, 30, Fold.DIGITS, KeyWindowIndexTest::keysOnceThenRecurring, 70, 100, 230);
    }

    /**
     * Runs {@code events} through twelve-by-four sliding windows with a lateness of 6 ms on the
     * aligned operator, uninterrupted and with a snapshot at each of {@code snapshotsAt} restored
     * into either operator (and the general operator's restored into the aligned one), and asserts
     * every run gives the general operator's uninterrupted output, which it returns.
     */
    private static List<String> assertSameAcrossSnapshots(ObjIntConsumer<TestSource<Event>> events, int... snapshotsAt) {
        return assertSameAcrossSnapshots(twelveBy4(), 6, Fold.DIGITS, events, snapshotsAt);
    }

    /**
     * {@link #assertSameAcrossSnapshots(ObjIntConsumer, int...)} through {@code assigner}'s windows,
     * {@code lateness} and {@code fold}.
     */
    private static List<String> assertSameAcrossSnapshots(WindowAssigner<Object, TimeWindow> assigner, long lateness,
            Fold fold, ObjIntConsumer<TestSource<Event>> events, int... snapshotsAt) {
        Function<KeyedStream<Event, Integer>, SingleOutputStreamOperator<String>> aligned =
                keyed -> windows(keyed, assigner, lateness, false, fold);
        Function<KeyedStream<Event, Integer>, SingleOutputStreamOperator<String>> general =
                keyed -> windows(keyed, assigner, lateness, true, fold);
        List<String> uninterrupted = runSwitchingAt(-1, general, general, events);
        assertThat(runSwitchingAt(-1, aligned, aligned, events)).isEqualTo(uninterrupted);
        for (int at : snapshotsAt) {
            assertThat(runSwitchingAt(at, aligned, aligned, events)).as("aligned at " + at).isEqualTo(uninterrupted);
            assertThat(runSwitchingAt(at, aligned, general, events))
                    .as("aligned, then general, at " + at).isEqualTo(uninterrupted);
            assertThat(runSwitchingAt(at, general, aligned, events))
                    .as("general, then aligned, at " + at).isEqualTo(uninterrupted);
        }
        return uninterrupted;
    }

    /** Step {@code i}: a hundred events of keys not seen before (but one key that recurs), up to 5 ms behind, and a watermark. */
    private static void keysOnce(TestSource<Event> in, int i) {
        for (int j = 0; j < 100; j++) {
            int key = j == 0 ? 7 : i * 100 + j;
            in.emit(new Event(key, (i + j) % 10), i - (i * 7 + j) % 6);
        }
        in.emitWatermark(i - 6);
    }

    /**
     * Step {@code i}: up to step 59, 250 events of keys not seen before, then of 30 keys, each in
     * every window (250 events a step up to step 179, 50 after); up to 5 ms behind, and a watermark.
     */
    private static void keysOnceThenRecurring(TestSource<Event> in, int i) {
        int events = i < 180 ? 250 : 50;
        for (int j = 0; j < events; j++) {
            int key = i < 60 ? i * 250 + j : j % 30;
            in.emit(new Event(key, (i + j) % 10), i - (i * 7 + j) % 6);
        }
        in.emitWatermark(i - 6);
    }

    /**
     * A hundred windows per element: each key's ring spans more cells than one word of bits holds,
     * for common and rare keys alike.
     */
    @Test
    void aHundredWindowsPerElement_giveTheGeneralOperatorsOutput() {
        var assigner = SlidingEventTimeWindows.of(Duration.ofMillis(100), Duration.ofMillis(1));
        for (Fold fold : Fold.values()) {
            assertSameOutput("fold=" + fold, keyed -> windows(keyed, assigner, 5, false, fold),
                    keyed -> windows(keyed, assigner, 5, true, fold), in -> {
                        for (int i = 0; i < 1_200; i++) { // 400 rare keys, each back every 200 ms: alone in its windows
                            in.emit(new Event(i % 3 == 0 ? 100 + i % 2 : 1_000 + i % 400, i % 10), i / 2 - (i * 7) % 9);
                            if (i % 20 == 19) {
                                in.emitWatermark(i / 2 - 3);
                            }
                        }
                    });
        }
    }

    /**
     * An {@code add} that throws for a rare key's first element throws when the window first needs
     * the accumulator, here its firing: the job fails naming the operator and the cause.
     */
    @Test
    void anAddThatThrowsForAWaitingElement_failsAtTheFiring_namingTheOperatorAndTheCause() {
        try (TestDriver driver = TestDriver.create()) {
            TestSource<Event> in = driver.source("events", Event.class);
            driver.sink(in.stream().keyBy(Event::key).window(twelveBy4()).aggregate(new Sum() {
                @Override
                public int[] add(Event e, int[] acc) {
                    if (e.value() == 13) {
                        throw new IllegalArgumentException("unlucky value");
                    }
                    return super.add(e, acc);
                }
            }));
            driver.start();
            in.emit(new Event(2, 1), 1); // its accumulator, an int[], is kept as an object: elements may wait
            in.emit(new Event(1, 13), 1);
            assertThatThrownBy(() -> in.emitWatermark(20))
                    .hasStackTraceContaining("Window(SlidingEventTimeWindows")
                    .hasStackTraceContaining("unlucky value");
        }
    }

    /** Event {@code i}: every third of two common keys, the others of 50 keys each back every 25 ms, alone in its windows. */
    private static void rareAndCommonKeys(TestSource<Event> in, int i) {
        in.emit(new Event(i % 3 == 0 ? 100 + i % 2 : i % 50, i % 10), i / 2 - (i * 7) % 9);
        if (i % 20 == 19) {
            in.emitWatermark(i / 2 - 3);
        }
    }
}
