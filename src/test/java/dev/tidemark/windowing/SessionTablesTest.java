package dev.tidemark.windowing;

import static dev.tidemark.windowing.AlignedWindowsTest.LATE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tidemark.api.KeyedStream;
import dev.tidemark.api.SingleOutputStreamOperator;
import dev.tidemark.api.WindowedStream;
import dev.tidemark.api.functions.AggregateFunction;
import dev.tidemark.testing.TestDriver;
import dev.tidemark.testing.TestSource;
import dev.tidemark.windowing.AlignedWindowsTest.Event;
import dev.tidemark.windowing.AlignedWindowsTest.SameAsEventTimeTrigger;
import dev.tidemark.windowing.AlignedWindowsTest.Track;
import dev.tidemark.windowing.assigners.EventTimeSessionWindows;
import dev.tidemark.windowing.assigners.SessionWindows;
import dev.tidemark.windowing.windows.TimeWindow;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Event-time sessions with the default trigger run on session tables
 * ({@code SessionWindowOperator}): their results, late output, window state and cleanup must be the
 * general operator's, in the same order, and survive a restore by either operator.
 */
class SessionTablesTest {

    /** Keeps the values in the order they were added and merged, so that any other order shows. */
    static final class Sequence implements AggregateFunction<Event, String, String> {
        @Override
        public String createAccumulator() {
            return "";
        }

        @Override
        public String add(Event e, String acc) {
            return acc + e.value();
        }

        @Override
        public String getResult(String acc) {
            return acc;
        }

        @Override
        public String merge(String a, String b) {
            return a + "+" + b;
        }
    }

    /** What the test sessions keep: each shows a different order of adds or merges in its results. */
    enum Contents {
        REDUCE, SEQUENCE, ELEMENTS
    }

    private static SingleOutputStreamOperator<String> sessions(KeyedStream<Event, Integer> keyed,
            SessionWindows<Object> assigner, long lateness, boolean reference, Contents contents) {
        WindowedStream<Event, Integer, TimeWindow> windowed = keyed.window(assigner)
                .allowedLateness(Duration.ofMillis(lateness)).sideOutputLateData(LATE);
        if (reference) {
            windowed = windowed.trigger(new SameAsEventTimeTrigger());
        }
        return switch (contents) { // a reduce that is not commutative, a sequence that marks merges, every element
            case REDUCE -> windowed.reduce((a, b) -> new Event(a.key(), a.value() * 31 + b.value()), new Track<>());
            case SEQUENCE -> windowed.aggregate(new Sequence(), new Track<>());
            case ELEMENTS -> windowed.process(new Track<>());
        };
    }

    @Test
    void randomInputs_giveTheGeneralOperatorsOutput_inTheSameOrder() {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        for (int run = 0; run < 60; run++) {
            long gap = 1 + random.nextInt(12);
            // a dynamic gap lets a short session sit beside a long one, and one element bridge several
            SessionWindows<Object> assigner = random.nextBoolean() ? EventTimeSessionWindows.withGap(Duration.ofMillis(gap))
                    : EventTimeSessionWindows.withDynamicGap(e -> ((Event) e).value() % 3 == 0 ? gap * 4 : 1);
            long lateness = random.nextBoolean() ? 0 : random.nextInt(40);
            Contents contents = Contents.values()[random.nextInt(Contents.values().length)];
            String config = "seed=" + seed + " run=" + run + " gap=" + gap + " assigner=" + assigner + " lateness="
                    + lateness + " contents=" + contents;
            AlignedWindowsTest.assertSameOutput(random, config, keyed -> sessions(keyed, assigner, lateness, false, contents),
                    keyed -> sessions(keyed, assigner, lateness, true, contents));
        }
    }

    /**
     * Gaps of seconds and an allowed lateness of up to minutes, over minutes of event time: timers
     * lie in buckets a second or more wide, and cleanup timers beyond the buckets' reach wait in a
     * heap and move into the buckets as the watermark nears them; the results stay the general
     * operator's.
     */
    @Test
    void longGapsAndLateness_giveTheGeneralOperatorsOutput_inTheSameOrder() {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        for (int run = 0; run < 20; run++) {
            long gap = 1_000 * (1 + random.nextInt(12));
            SessionWindows<Object> assigner = random.nextBoolean() ? EventTimeSessionWindows.withGap(Duration.ofMillis(gap))
                    : EventTimeSessionWindows.withDynamicGap(e -> ((Event) e).value() % 3 == 0 ? gap * 4 : 1_000);
            long lateness = switch (random.nextInt(3)) {
                case 0 -> 0;
                case 1 -> 1_000L * random.nextInt(40);
                default -> 60_000 + 1_000L * random.nextInt(200); // beyond the buckets
            };
            Contents contents = Contents.values()[random.nextInt(Contents.values().length)];
            String config = "seed=" + seed + " run=" + run + " gap=" + gap + " assigner=" + assigner + " lateness="
                    + lateness + " contents=" + contents;
            AlignedWindowsTest.assertSameOutput(config, keyed -> sessions(keyed, assigner, lateness, false, contents),
                    keyed -> sessions(keyed, assigner, lateness, true, contents), in -> {
                        long clock = 0;
                        for (int i = 0; i < 400; i++) {
                            clock += 1_000L * random.nextInt(4);
                            in.emit(new Event(random.nextInt(5), 1 + random.nextInt(9)), clock - 1_000L * random.nextInt(30));
                            if (random.nextInt(6) == 0) {
                                in.emitWatermark(clock - 1_000L * random.nextInt(40));
                            }
                        }
                    });
        }
    }

    /**
     * Many sessions per key arriving in reverse time order, then elements that fall between, inside
     * and across them: the sessions' index by start (a key past {@code INDEX_THRESHOLD} sessions)
     * must give the general operator's results, merges and widenings included.
     */
    @Test
    void sessionsArrivingInReverseOrder_andMergedAcross_giveTheGeneralOperatorsOutput() {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        for (int run = 0; run < 10; run++) {
            SessionWindows<Object> assigner = EventTimeSessionWindows.withGap(Duration.ofMillis(3));
            Contents contents = Contents.values()[random.nextInt(Contents.values().length)];
            String config = "seed=" + seed + " run=" + run + " contents=" + contents;
            try (TestDriver driver = TestDriver.create()) {
                TestSource<Event> in = driver.source("events", Event.class);
                KeyedStream<Event, Integer> keyed = in.stream().keyBy(Event::key);
                var tested = driver.sink(sessions(keyed, assigner, 0, false, contents));
                var reference = driver.sink(sessions(keyed, assigner, 0, true, contents));
                driver.start();
                for (long t = 2_000; t > 0; t -= 10) { // 200 sessions per key, latest first
                    in.emit(new Event((int) (t / 10) % 2, 1 + random.nextInt(9)), t);
                }
                for (int i = 0; i < 300; i++) { // between (new sessions), inside (joins), across (merges)
                    in.emit(new Event(random.nextInt(2), 1 + random.nextInt(9)), 1 + random.nextInt(2_000));
                }
                for (long t = 1_002; t <= 1_018; t += 2) { // a chain across key 0's sessions at 1000 and 1020:
                    in.emit(new Event(0, 1), t);          // at least one merge, whatever the random events did
                }
                in.finish();
                assertThat(reference.records()).as(config).anyMatch(r -> r.contains("+") || contents != Contents.SEQUENCE);
                assertThat(tested.records()).as(config).containsExactlyElementsOf(reference.records());
            }
        }
    }

    private static Function<KeyedStream<Event, Integer>, SingleOutputStreamOperator<String>> sessionsOf(boolean reference) {
        return sessionsOf(reference, 0, Contents.SEQUENCE);
    }

    private static Function<KeyedStream<Event, Integer>, SingleOutputStreamOperator<String>> sessionsOf(boolean reference,
            long lateness, Contents contents) {
        return keyed -> sessions(keyed, EventTimeSessionWindows.withGap(Duration.ofMillis(2)), lateness, reference,
                contents);
    }

    @Test
    void sessionTables_surviveARestore() {
        List<String> uninterrupted = AlignedWindowsTest.runWithRestoreAt(-1, sessionsOf(false));
        assertThat(uninterrupted).as("sessions merge").anyMatch(s -> s.contains("+"));
        assertThat(uninterrupted).as("the general operator's results")
                .isEqualTo(AlignedWindowsTest.runWithRestoreAt(-1, sessionsOf(true)));
        assertThat(AlignedWindowsTest.runWithRestoreAt(157, sessionsOf(false))).isEqualTo(uninterrupted);
    }

    /**
     * With allowed lateness a session fires, waits for late elements (firing again), and is cleaned up
     * later; kept as an accumulator or as its elements.
     */
    @ParameterizedTest
    @EnumSource(value = Contents.class, names = {"SEQUENCE", "ELEMENTS"})
    void sessionTablesWithLateness_surviveARestore(Contents contents) {
        List<String> uninterrupted = AlignedWindowsTest.runWithRestoreAt(-1, sessionsOf(false, 6, contents));
        assertThat(uninterrupted).as("a fired session grows with late elements and fires again")
                .filteredOn(s -> s.startsWith("0|TimeWindow{start=-3,")).hasSizeGreaterThan(1);
        assertThat(uninterrupted).as("the general operator's results")
                .isEqualTo(AlignedWindowsTest.runWithRestoreAt(-1, sessionsOf(true, 6, contents)));
        assertThat(AlignedWindowsTest.runWithRestoreAt(157, sessionsOf(false, 6, contents))).isEqualTo(uninterrupted);
        assertThat(AlignedWindowsTest.runSwitchingAt(157, sessionsOf(false, 6, contents), sessionsOf(true, 6, contents)))
                .as("session tables, then general").isEqualTo(uninterrupted);
        assertThat(AlignedWindowsTest.runSwitchingAt(157, sessionsOf(true, 6, contents), sessionsOf(false, 6, contents)))
                .as("general, then session tables").isEqualTo(uninterrupted);
    }

    /** A program can add a trigger (or take it away) between a savepoint and its restore. */
    @Test
    void aSnapshot_restoresAcrossTheTwoOperators() {
        List<String> uninterrupted = AlignedWindowsTest.runWithRestoreAt(-1, sessionsOf(false));
        assertThat(AlignedWindowsTest.runSwitchingAt(157, sessionsOf(false), sessionsOf(true)))
                .as("session tables, then general").isEqualTo(uninterrupted);
        assertThat(AlignedWindowsTest.runSwitchingAt(157, sessionsOf(true), sessionsOf(false)))
                .as("general, then session tables").isEqualTo(uninterrupted);
    }

    @Test
    void anElementWithoutTimestamp_isRefusedInTheAssignersWords() {
        try (TestDriver driver = TestDriver.create()) {
            TestSource<Event> in = driver.source("events", Event.class);
            driver.sink(in.stream().keyBy(Event::key).window(EventTimeSessionWindows.withGap(Duration.ofMillis(5)))
                    .aggregate(new Sequence()));
            driver.start();
            assertThatThrownBy(() -> in.emit(new Event(1, 1)))
                    .hasStackTraceContaining("record must have a timestamp for event-time windows:"
                            + " assigner=EventTimeSessionWindows");
        }
    }

    @Test
    void aGapThatIsNotPositive_failsNamingTheElement() {
        try (TestDriver driver = TestDriver.create()) {
            TestSource<Event> in = driver.source("events", Event.class);
            driver.sink(in.stream().keyBy(Event::key)
                    .window(EventTimeSessionWindows.<Event>withDynamicGap(e -> e.value() - 5)).aggregate(new Sequence()));
            driver.start();
            in.emit(new Event(1, 7), 1);
            assertThatThrownBy(() -> in.emit(new Event(1, 2), 2))
                    .hasStackTraceContaining("session gap must be positive: gap=-3, element=Event[key=1, value=2]");
        }
    }

    @Test
    void aFailingMerge_failsNamingTheOperatorAndTheCause() {
        try (TestDriver driver = TestDriver.create()) {
            TestSource<Event> in = driver.source("events", Event.class);
            driver.sink(in.stream().keyBy(Event::key).window(EventTimeSessionWindows.withGap(Duration.ofMillis(5)))
                    .reduce((a, b) -> {
                        if (b.value() == 13) {
                            throw new IllegalArgumentException("unlucky value");
                        }
                        return new Event(a.key(), a.value() + b.value());
                    }));
            driver.start();
            in.emit(new Event(1, 1), 1);
            assertThatThrownBy(() -> in.emit(new Event(1, 13), 3))
                    .hasStackTraceContaining("Window(SessionWindows, EventTimeTrigger)")
                    .hasStackTraceContaining("unlucky value");
        }
    }

    @Test
    void aNullKey_failsNamingTheOperator() {
        try (TestDriver driver = TestDriver.create()) {
            TestSource<Event> in = driver.source("events", Event.class);
            driver.sink(in.stream().keyBy(e -> e.key() == 3 ? null : e.key())
                    .window(EventTimeSessionWindows.withGap(Duration.ofMillis(5))).aggregate(new Sequence()));
            driver.start();
            in.emit(new Event(1, 1), 1);
            assertThatThrownBy(() -> in.emit(new Event(3, 1), 2))
                    .hasStackTraceContaining("key must not be null: operator=Window(SessionWindows, EventTimeTrigger)");
        }
    }
}
