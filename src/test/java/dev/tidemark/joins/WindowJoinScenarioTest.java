package dev.tidemark.joins;

import static dev.tidemark.joins.IntervalJoinScenarioTest.at;
import static org.assertj.core.api.Assertions.assertThat;

import dev.tidemark.api.CoGroupedStreams.TaggedUnion;
import dev.tidemark.api.DataStream;
import dev.tidemark.api.functions.CoGroupFunction;
import dev.tidemark.api.functions.Collector;
import dev.tidemark.api.functions.RichJoinFunction;
import dev.tidemark.api.functions.RuntimeContext;
import dev.tidemark.checkpoint.JobSnapshot;
import dev.tidemark.testing.TestDriver;
import dev.tidemark.testing.TestSink;
import dev.tidemark.testing.TestSource;
import dev.tidemark.windowing.assigners.EventTimeSessionWindows;
import dev.tidemark.windowing.assigners.GlobalWindows;
import dev.tidemark.windowing.assigners.SlidingEventTimeWindows;
import dev.tidemark.windowing.assigners.TumblingEventTimeWindows;
import dev.tidemark.windowing.evictors.CountEvictor;
import dev.tidemark.windowing.triggers.CountTrigger;
import java.io.Serializable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Window joins and coGroups through the test driver: exact pairs, groups and timestamps. */
class WindowJoinScenarioTest {

    record Click(String user, String page) implements Serializable {}

    record View(String user, String ad) implements Serializable {}

    /** Orders and clicks through a join that {@code build} makes of the two streams. */
    static final class Pipeline implements AutoCloseable {
        final TestDriver driver = TestDriver.create();
        final TestSource<View> views = driver.source("views", View.class);
        final TestSource<Click> clicks = driver.source("clicks", Click.class);
        final TestSink<String> out;

        Pipeline(BiFunction<DataStream<View>, DataStream<Click>, DataStream<String>> build) {
            this(build, 1, null);
        }

        /** Starts at {@code parallelism}, from {@code snapshot} unless it is null. */
        Pipeline(BiFunction<DataStream<View>, DataStream<Click>, DataStream<String>> build, int parallelism,
                JobSnapshot snapshot) {
            driver.env().setParallelism(parallelism);
            out = driver.sink(build.apply(views.stream(), clicks.stream()));
            if (snapshot == null) {
                driver.start();
            } else {
                driver.start(snapshot);
            }
        }

        void watermarks(long watermark) {
            views.emitWatermark(watermark);
            clicks.emitWatermark(watermark);
        }

        @Override
        public void close() {
            driver.close();
        }
    }

    static String pair(View view, Click click) {
        return view.ad() + "+" + click.page();
    }

    @Test
    void tumblingJoin_pairsEveryElementOfAKeyAndWindow_atTheWindowsMaxTimestamp() {
        try (Pipeline p = new Pipeline((views, clicks) -> views.join(clicks).where(View::user).equalTo(Click::user)
                .window(TumblingEventTimeWindows.of(Duration.ofMillis(10))).apply(WindowJoinScenarioTest::pair))) {
            p.views.emit(new View("u", "a1"), 1).emit(new View("u", "a2"), 5).emit(new View("w", "a3"), 6);
            p.clicks.emit(new Click("u", "p1"), 9).emit(new Click("u", "p2"), 10).emit(new Click("x", "p3"), 3);
            p.views.emit(new View("u", "a4"), 12);
            p.watermarks(9);
            assertThat(p.out.timestampedRecords()).containsExactly(at("a1+p1", 9), at("a2+p1", 9));
            p.watermarks(19);
            assertThat(p.out.timestampedRecords()).as("w and x have no partner; window 10 pairs a4 and p2")
                    .containsExactly(at("a1+p1", 9), at("a2+p1", 9), at("a4+p2", 19));
        }
    }

    /** "key: [first] [second]" per firing. */
    static final class Groups implements CoGroupFunction<View, Click, String> {
        @Override
        public void coGroup(Iterable<View> first, Iterable<Click> second, Collector<String> out) {
            List<String> ads = new ArrayList<>();
            first.forEach(v -> ads.add(v.ad()));
            List<String> pages = new ArrayList<>();
            second.forEach(c -> pages.add(c.page()));
            out.collect(ads + " " + pages);
        }
    }

    @Test
    void coGroup_callsTheFunctionForEveryKeyAndWindowWithAnyElement_eitherSideMayBeEmpty() {
        try (Pipeline p = new Pipeline((views, clicks) -> views.coGroup(clicks).where(View::user).equalTo(Click::user)
                .window(TumblingEventTimeWindows.of(Duration.ofMillis(10))).apply(new Groups()))) {
            p.views.emit(new View("u", "a1"), 1).emit(new View("w", "a2"), 2);
            p.clicks.emit(new Click("u", "p1"), 3).emit(new Click("u", "p2"), 4).emit(new Click("x", "p3"), 5);
            p.watermarks(100);
            assertThat(p.out.timestampedRecords()).containsExactlyInAnyOrder(
                    at("[a1] [p1, p2]", 9), at("[a2] []", 9), at("[] [p3]", 9));
        }
    }

    @Test
    void sessionWindows_mergeAcrossBothInputs() {
        try (Pipeline p = new Pipeline((views, clicks) -> views.join(clicks).where(View::user).equalTo(Click::user)
                .window(EventTimeSessionWindows.withGap(Duration.ofMillis(5))).apply(WindowJoinScenarioTest::pair))) {
            p.views.emit(new View("u", "a1"), 0);
            p.clicks.emit(new Click("u", "p1"), 8); // a session of its own, until a2 bridges the gap
            p.views.emit(new View("u", "a2"), 4);
            p.clicks.emit(new Click("u", "p2"), 20);
            p.watermarks(30);
            assertThat(p.out.timestampedRecords()).as("one session [0, 13) of a1, a2, p1; p2 alone in [20, 25)")
                    .containsExactlyInAnyOrder(at("a1+p1", 12), at("a2+p1", 12));
        }
    }

    @Test
    void sessionsWithADynamicGap_seeTaggedElements() {
        try (Pipeline p = new Pipeline((views, clicks) -> views.join(clicks).where(View::user).equalTo(Click::user)
                .window(EventTimeSessionWindows.<TaggedUnion<View, Click>>withDynamicGap(e -> e.isOne() ? 10 : 2))
                .apply(WindowJoinScenarioTest::pair))) {
            p.views.emit(new View("u", "a1"), 0); // [0, 10)
            p.clicks.emit(new Click("u", "p1"), 9); // [9, 11): merges into [0, 11)
            p.clicks.emit(new Click("u", "p2"), 12); // [12, 14): a session of its own
            p.watermarks(100);
            assertThat(p.out.timestampedRecords()).containsExactly(at("a1+p1", 10));
        }
    }

    @Test
    void allowedLateness_aLateElementFiresTheWindowAgainWithEveryPair() {
        try (Pipeline p = new Pipeline((views, clicks) -> views.join(clicks).where(View::user).equalTo(Click::user)
                .window(TumblingEventTimeWindows.of(Duration.ofMillis(10))).allowedLateness(Duration.ofMillis(5))
                .apply(WindowJoinScenarioTest::pair))) {
            p.views.emit(new View("u", "a1"), 1);
            p.clicks.emit(new Click("u", "p1"), 2);
            p.watermarks(10);
            p.clicks.emit(new Click("u", "p2"), 3); // late, within the lateness
            p.watermarks(15);
            p.views.emit(new View("u", "a2"), 4); // behind the window's cleanup at 9 + 5: dropped
            assertThat(p.out.timestampedRecords()).containsExactly(
                    at("a1+p1", 9), at("a1+p1", 9), at("a1+p2", 9));
            assertThat(p.driver.metrics()).containsEntry("Join.numLateRecordsDropped", 1L);
        }
    }

    @Test
    void slidingWindows_pairElementsInEveryWindowTheyShare() {
        try (Pipeline p = new Pipeline((views, clicks) -> views.join(clicks).where(View::user).equalTo(Click::user)
                .window(SlidingEventTimeWindows.of(Duration.ofMillis(10), Duration.ofMillis(5)))
                .apply(WindowJoinScenarioTest::pair))) {
            p.views.emit(new View("u", "a1"), 6);
            p.clicks.emit(new Click("u", "p1"), 9).emit(new Click("u", "p2"), 12);
            p.watermarks(100);
            assertThat(p.out.timestampedRecords()).as("windows [0,10), [5,15), [10,20)")
                    .containsExactly(at("a1+p1", 9), at("a1+p1", 14), at("a1+p2", 14));
        }
    }

    @Test
    void globalWindows_withACountTriggerAndEvictor_seeTaggedElements() {
        try (Pipeline p = new Pipeline((views, clicks) -> views.join(clicks).where(View::user).equalTo(Click::user)
                .window(GlobalWindows.create()).trigger(CountTrigger.of(3)).evictor(CountEvictor.of(3))
                .apply(WindowJoinScenarioTest::pair))) {
            p.views.emit(new View("u", "a1"), 1);
            p.clicks.emit(new Click("u", "p1"), 2);
            p.views.emit(new View("u", "a2"), 3); // third element of u: fires
            p.clicks.emit(new Click("u", "p2"), 4);
            p.clicks.emit(new Click("u", "p3"), 5);
            p.views.emit(new View("u", "a3"), 6); // sixth: fires with the last three
            assertThat(p.out.timestampedRecords()).containsExactly(
                    at("a1+p1", Long.MAX_VALUE), at("a2+p1", Long.MAX_VALUE),
                    at("a3+p2", Long.MAX_VALUE), at("a3+p3", Long.MAX_VALUE));
        }
    }

    /** Counts the pairs of each key in keyed state: a rich join function has the key's state. */
    static final class Numbered extends RichJoinFunction<View, Click, String> {
        private transient dev.tidemark.state.ValueState<Integer> count;

        @Override
        public void open(RuntimeContext context) throws Exception {
            super.open(context);
            count = getRuntimeContext().getState(new dev.tidemark.state.ValueStateDescriptor<>("n", Integer.class));
        }

        @Override
        public String join(View view, Click click) throws Exception {
            int n = count.value() == null ? 1 : count.value() + 1;
            count.update(n);
            return view.user() + "#" + n;
        }
    }

    @Test
    void aRichJoinFunction_isOpened_andHasTheKeysState() {
        try (Pipeline p = new Pipeline((views, clicks) -> views.join(clicks).where(View::user).equalTo(Click::user)
                .window(TumblingEventTimeWindows.of(Duration.ofMillis(10))).apply(new Numbered()))) {
            p.views.emit(new View("u", "a1"), 1).emit(new View("w", "a2"), 2).emit(new View("u", "a3"), 12);
            p.clicks.emit(new Click("u", "p1"), 3).emit(new Click("w", "p2"), 4).emit(new Click("u", "p3"), 13);
            p.watermarks(100);
            assertThat(p.out.records()).containsExactlyInAnyOrder("u#1", "w#1", "u#2");
        }
    }

    static DataStream<String> sessionJoin(DataStream<View> views, DataStream<Click> clicks) {
        return views.join(clicks).where(View::user).equalTo(Click::user)
                .window(EventTimeSessionWindows.withGap(Duration.ofMillis(20))).apply(WindowJoinScenarioTest::pair);
    }

    private static void firstHalf(Pipeline p) {
        for (int t = 0; t < 40; t++) {
            p.views.emit(new View("u" + t % 5, "a" + t), t * 3);
            p.clicks.emit(new Click("u" + (t + 2) % 5, "p" + t), t * 3 + 1);
        }
        p.watermarks(60); // a user's elements come every 15 ms: one session per user, open across the snapshot
    }

    private static void secondHalf(Pipeline p) {
        for (int t = 40; t < 80; t++) {
            p.clicks.emit(new Click("u" + t % 5, "p" + t), t * 3);
            p.views.emit(new View("u" + (t + 1) % 5, "a" + t), t * 3 - 2);
        }
        p.watermarks(Long.MAX_VALUE);
    }

    @ParameterizedTest(name = "parallelism {0} restored at {1}")
    @CsvSource({"1, 1", "3, 2", "2, 4"})
    void aSnapshotAndRestoreInTheMiddle_givesTheOutputOfAnUninterruptedRun(int before, int after) {
        List<String> uninterrupted;
        try (Pipeline p = new Pipeline(WindowJoinScenarioTest::sessionJoin)) {
            firstHalf(p);
            secondHalf(p);
            uninterrupted = p.out.records();
        }
        JobSnapshot snapshot;
        List<String> first;
        try (Pipeline p = new Pipeline(WindowJoinScenarioTest::sessionJoin, before, null)) {
            firstHalf(p);
            snapshot = p.driver.snapshot();
            first = p.out.records();
        }
        try (Pipeline p = new Pipeline(WindowJoinScenarioTest::sessionJoin, after, snapshot)) {
            secondHalf(p);
            List<String> all = new ArrayList<>(first);
            all.addAll(p.out.records());
            assertThat(all).containsExactlyInAnyOrderElementsOf(uninterrupted);
            assertThat(uninterrupted).hasSizeGreaterThan(100);
        }
    }
}
