package dev.tidemark.windowing.assigners;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tidemark.windowing.windows.TimeWindow;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class WindowAssignersTest {

    private static final WindowAssigner.Context NOW_1000 = () -> 1_000;

    private static List<TimeWindow> assign(WindowAssigner<Object, TimeWindow> assigner, long timestamp) {
        List<TimeWindow> windows = new ArrayList<>();
        assigner.assignWindows("x", timestamp, NOW_1000, windows::add);
        return windows;
    }

    private static long millis(String instant) {
        return Instant.parse(instant).toEpochMilli();
    }

    @Test
    void tumbling_windowStartIsCorrectForNegativeTimestampsAndOffsets() {
        var assigner = TumblingEventTimeWindows.of(Duration.ofMillis(10));
        assertThat(assign(assigner, 0)).containsExactly(new TimeWindow(0, 10));
        assertThat(assign(assigner, 9)).containsExactly(new TimeWindow(0, 10));
        assertThat(assign(assigner, -1)).containsExactly(new TimeWindow(-10, 0));
        assertThat(assign(assigner, -10)).containsExactly(new TimeWindow(-10, 0));
        assertThat(assign(TumblingEventTimeWindows.of(Duration.ofMillis(10), Duration.ofMillis(-3)), 5))
                .containsExactly(new TimeWindow(-3, 7));
        assertThat(TimeWindow.getWindowStartWithOffset(Long.MAX_VALUE, 0, 10)).isEqualTo(Long.MAX_VALUE - 7);
        assertThat(assign(assigner, Long.MAX_VALUE)).as("end saturates")
                .containsExactly(new TimeWindow(Long.MAX_VALUE - 7, Long.MAX_VALUE));
    }

    @Test
    void sliding_listsLatestStartFirst() {
        var assigner = SlidingEventTimeWindows.of(Duration.ofMillis(10), Duration.ofMillis(4));
        assertThat(assign(assigner, 9)).containsExactly(new TimeWindow(8, 18), new TimeWindow(4, 14), new TimeWindow(0, 10));
    }

    @Test
    void eventTimeAssigners_rejectElementsWithoutTimestamp() {
        assertThatThrownBy(() -> assign(TumblingEventTimeWindows.of(Duration.ofSeconds(1)), Long.MIN_VALUE))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("record must have a timestamp for event-time windows");
    }

    @Test
    void invalidParameters_areRejectedWithTheirNames() {
        assertThatThrownBy(() -> TumblingEventTimeWindows.of(Duration.ZERO))
                .hasMessage("size must be positive: size=PT0S");
        assertThatThrownBy(() -> TumblingEventTimeWindows.of(Duration.ofSeconds(1), Duration.ofSeconds(1)))
                .hasMessageStartingWith("offset must be smaller than the size");
        assertThatThrownBy(() -> SlidingEventTimeWindows.of(Duration.ofSeconds(1), Duration.ofSeconds(-1)))
                .hasMessage("slide must be positive: slide=PT-1S");
        assertThatThrownBy(() -> EventTimeSessionWindows.withGap(Duration.ZERO))
                .hasMessage("gap must be positive: gap=PT0S");
    }

    @Test
    void processingTimeAssigners_useTheClock() {
        assertThat(assign(TumblingProcessingTimeWindows.of(Duration.ofMillis(300)), Long.MIN_VALUE))
                .containsExactly(new TimeWindow(900, 1200));
    }

    @Test
    void calendarDays_followLocalMidnight_acrossDaylightSavingChanges() {
        ZoneId berlin = ZoneId.of("Europe/Berlin");
        var days = CalendarWindows.days(berlin);
        assertThat(assign(days, millis("2024-03-31T10:00:00Z"))).as("spring forward: 23 hours")
                .containsExactly(new TimeWindow(millis("2024-03-30T23:00:00Z"), millis("2024-03-31T22:00:00Z")));
        assertThat(assign(days, millis("2024-10-27T10:00:00Z"))).as("fall back: 25 hours")
                .containsExactly(new TimeWindow(millis("2024-10-26T22:00:00Z"), millis("2024-10-27T23:00:00Z")));
        assertThat(assign(days, millis("2024-03-30T22:59:59.999Z"))).as("the last millisecond of the 30th")
                .containsExactly(new TimeWindow(millis("2024-03-29T23:00:00Z"), millis("2024-03-30T23:00:00Z")));
    }

    @Test
    void calendarWeeksAndMonths_startOnMondayAndTheFirst() {
        ZoneId utc = ZoneId.of("UTC");
        assertThat(assign(CalendarWindows.weeks(utc), millis("2024-03-31T10:00:00Z"))) // a Sunday
                .containsExactly(new TimeWindow(millis("2024-03-25T00:00:00Z"), millis("2024-04-01T00:00:00Z")));
        assertThat(assign(CalendarWindows.months(ZoneId.of("Europe/Berlin")), millis("2024-02-29T12:00:00Z")))
                .containsExactly(new TimeWindow(millis("2024-01-31T23:00:00Z"), millis("2024-02-29T23:00:00Z")));
    }

    @Test
    void timeWindow_intersectsAndCover() {
        TimeWindow a = new TimeWindow(0, 5);
        assertThat(a.maxTimestamp()).isEqualTo(4);
        assertThat(a.intersects(new TimeWindow(5, 10))).as("touching").isTrue();
        assertThat(a.intersects(new TimeWindow(6, 10))).isFalse();
        assertThat(a.cover(new TimeWindow(3, 9))).isEqualTo(new TimeWindow(0, 9));
        assertThat(TimeWindow.mergeWindows(List.of(new TimeWindow(10, 15), a, new TimeWindow(4, 8), new TimeWindow(20, 25))))
                .containsExactly(new TimeWindow.Merge(new TimeWindow(0, 8),
                        new java.util.LinkedHashSet<>(List.of(a, new TimeWindow(4, 8)))));
        assertThatThrownBy(() -> new TimeWindow(5, 5)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void timeWindowMerge_matchesConnectedComponentsOfIntersection() {
        long seed = System.nanoTime();
        java.util.Random random = new java.util.Random(seed);
        for (int round = 0; round < 500; round++) {
            List<TimeWindow> windows = new java.util.ArrayList<>();
            for (int i = random.nextInt(8); i > 0; i--) {
                long start = random.nextInt(60);
                windows.add(new TimeWindow(start, start + 1 + random.nextInt(10)));
            }
            // the model: repeatedly join windows that intersect, quadratic and obviously right
            List<java.util.Set<TimeWindow>> groups = new java.util.ArrayList<>();
            for (TimeWindow w : windows) {
                java.util.Set<TimeWindow> joined = new java.util.LinkedHashSet<>(List.of(w));
                for (java.util.Iterator<java.util.Set<TimeWindow>> it = groups.iterator(); it.hasNext(); ) {
                    java.util.Set<TimeWindow> g = it.next();
                    if (g.stream().anyMatch(w::intersects)) {
                        joined.addAll(g);
                        it.remove();
                    }
                }
                groups.add(joined);
            }
            java.util.Map<TimeWindow, java.util.Set<TimeWindow>> expected = new java.util.HashMap<>();
            for (java.util.Set<TimeWindow> g : groups) {
                if (g.size() > 1) {
                    TimeWindow cover = g.stream().reduce(TimeWindow::cover).orElseThrow();
                    expected.put(cover, g);
                }
            }
            java.util.Map<TimeWindow, java.util.Set<TimeWindow>> actual = new java.util.HashMap<>();
            for (TimeWindow.Merge merge : TimeWindow.mergeWindows(windows)) {
                actual.put(merge.result(), merge.merged());
            }
            assertThat(actual).as("seed %d, windows %s", seed, windows).isEqualTo(expected);
        }
    }
}
