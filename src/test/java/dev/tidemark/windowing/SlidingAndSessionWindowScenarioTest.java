package dev.tidemark.windowing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tidemark.api.functions.Collector;
import dev.tidemark.api.functions.ProcessWindowFunction;
import dev.tidemark.testing.TestDriver;
import dev.tidemark.testing.TestSink;
import dev.tidemark.testing.TestSource;
import dev.tidemark.windowing.assigners.EventTimeSessionWindows;
import dev.tidemark.windowing.assigners.SlidingEventTimeWindows;
import dev.tidemark.windowing.windows.TimeWindow;
import java.io.Serializable;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class SlidingAndSessionWindowScenarioTest {

    record Click(String user, long time) implements Serializable {}

    /** Describes each firing as "user [start,end) count". */
    static final class Describe extends ProcessWindowFunction<Click, String, String, TimeWindow> {
        @Override
        public void process(String user, Context ctx, Iterable<Click> clicks, Collector<String> out) {
            int n = 0;
            for (Click ignored : clicks) {
                n++;
            }
            out.collect(user + " [" + ctx.window().start() + "," + ctx.window().end() + ") " + n);
        }
    }

    private final TestDriver driver = TestDriver.create();
    private final TestSource<Click> in = driver.source("clicks", Click.class);

    @AfterEach
    void close() {
        driver.close();
    }

    private void emit(String user, long time) {
        in.emit(new Click(user, time), time);
    }

    @Test
    void sliding_elementBelongsToSizeOverSlideWindows_andFiresEachInOrder() {
        TestSink<String> out = driver.sink(in.stream().keyBy(Click::user)
                .window(SlidingEventTimeWindows.of(Duration.ofMillis(10), Duration.ofMillis(5)))
                .process(new Describe()));
        driver.start();
        emit("u", 7);
        emit("u", 12);
        in.finish();
        assertThat(out.records()).containsExactly("u [0,10) 1", "u [5,15) 2", "u [10,20) 1");
    }

    @Test
    void sliding_lateForSomeWindows_isQuietlyAddedToTheOthers() {
        TestSink<String> out = driver.sink(in.stream().keyBy(Click::user)
                .window(SlidingEventTimeWindows.of(Duration.ofMillis(10), Duration.ofMillis(5)))
                .process(new Describe()));
        driver.start();
        in.emitWatermark(9); // [0,10) is done (maxTimestamp 9)
        emit("u", 7); // late for [0,10) only: goes into [5,15)
        in.finish();
        assertThat(out.records()).containsExactly("u [5,15) 1");
        assertThat(driver.metrics()).containsEntry(
                "Window(SlidingEventTimeWindows, EventTimeTrigger).numLateRecordsDropped", 0L);
    }

    @Test
    void sliding_refiresWithinLateness_latestStartFirst() {
        TestSink<String> out = driver.sink(in.stream().keyBy(Click::user)
                .window(SlidingEventTimeWindows.of(Duration.ofMillis(10), Duration.ofMillis(5)))
                .allowedLateness(Duration.ofMillis(100))
                .process(new Describe()));
        driver.start();
        emit("u", 7);
        in.emitWatermark(30);
        out.clear();
        emit("u", 8);
        assertThat(out.records()).containsExactly("u [5,15) 2", "u [0,10) 2");
    }

    @Test
    void sessions_mergeWhenTheyOverlapOrTouch_exactlyGapApartIsOneSession() {
        TestSink<String> out = driver.sink(in.stream().keyBy(Click::user)
                .window(EventTimeSessionWindows.withGap(Duration.ofMillis(10)))
                .process(new Describe()));
        driver.start();
        emit("a", 0);
        emit("a", 10); // touches [0,10): same session
        emit("b", 5);
        emit("a", 31); // gap of 21 > 10: new session
        in.emitWatermark(19);
        in.emitWatermark(100);
        assertThat(out.records()).as("in timer order: b ends at 14, a at 19")
                .containsExactly("b [5,15) 1", "a [0,20) 2", "a [31,41) 1");
    }

    @Test
    void sessions_lateElementBridgesTwoFiredSessions_theMergedWindowFiresAgain() {
        TestSink<String> out = driver.sink(in.stream().keyBy(Click::user)
                .window(EventTimeSessionWindows.withGap(Duration.ofMillis(10)))
                .allowedLateness(Duration.ofMillis(50))
                .process(new Describe()));
        driver.start();
        emit("a", 0); // [0,10)
        emit("a", 15); // [15,25)
        in.emitWatermark(30);
        assertThat(out.records()).containsExactly("a [0,10) 1", "a [15,25) 1");
        out.clear();
        emit("a", 8); // [8,18) bridges both: [0,25), already past its end, so it fires at once
        assertThat(out.records()).containsExactly("a [0,25) 3");
        emit("a", 40);
        in.emitWatermark(200);
        assertThat(out.records()).containsExactly("a [0,25) 3", "a [40,50) 1");
    }

    @Test
    void sessions_elementWhoseOwnSessionIsLate_isAcceptedIfItMergesIntoALiveOne() {
        TestSink<String> out = driver.sink(in.stream().keyBy(Click::user)
                .window(EventTimeSessionWindows.withGap(Duration.ofMillis(10)))
                .process(new Describe()));
        driver.start();
        emit("a", 20); // [20,30)
        in.emitWatermark(19);
        emit("a", 8); // own session [8,18) is late (maxTimestamp 17 <= 19) and merges with nothing: dropped
        emit("a", 10); // own session [10,20) is late too (maxTimestamp 19 <= 19), but it touches [20,30)
        in.finish();
        assertThat(out.records()).containsExactly("a [10,30) 2");
        assertThat(driver.metrics()).containsEntry("Window(SessionWindows, EventTimeTrigger).numLateRecordsDropped", 1L);
    }

    @Test
    void dynamicGap_perElement() {
        TestSink<String> out = driver.sink(in.stream().keyBy(Click::user)
                .window(EventTimeSessionWindows.<Click>withDynamicGap(c -> c.user().equals("slow") ? 100 : 5))
                .process(new Describe()));
        driver.start();
        emit("slow", 0);
        emit("slow", 60);
        emit("fast", 0);
        emit("fast", 6);
        in.finish();
        assertThat(out.records()).containsExactlyInAnyOrder("slow [0,160) 2", "fast [0,5) 1", "fast [6,11) 1");
    }
}
