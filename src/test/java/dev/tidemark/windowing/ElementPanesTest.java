package dev.tidemark.windowing;

import static dev.tidemark.windowing.AlignedWindowsTest.LATE;
import static dev.tidemark.windowing.AlignedWindowsTest.assertSameOutput;
import static dev.tidemark.windowing.AlignedWindowsTest.runSwitchingAt;
import static dev.tidemark.windowing.AlignedWindowsTest.runWithRestoreAt;
import static dev.tidemark.windowing.AlignedWindowsTest.twelveBy4;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tidemark.api.KeyedStream;
import dev.tidemark.api.SingleOutputStreamOperator;
import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.api.functions.Collector;
import dev.tidemark.api.functions.ProcessWindowFunction;
import dev.tidemark.api.graph.PipelineNode;

import dev.tidemark.testing.TestDriver;
import dev.tidemark.testing.TestSink;
import dev.tidemark.testing.TestSource;
import dev.tidemark.windowing.AlignedWindowsTest.Event;
import dev.tidemark.windowing.AlignedWindowsTest.Fold;
import dev.tidemark.windowing.AlignedWindowsTest.Sum;
import dev.tidemark.windowing.AlignedWindowsTest.Track;
import dev.tidemark.windowing.assigners.SlidingEventTimeWindows;
import dev.tidemark.windowing.assigners.WindowAssigner;
import dev.tidemark.windowing.windows.TimeWindow;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Sliding windows whose function sees every element keep each element once per key and pane, and
 * each window's function gets the elements one list per window would hold, in arrival order, also
 * when elements come out of order across panes; the panes survive restores, into the general
 * operator too.
 */
class ElementPanesTest {

    private static final Function<KeyedStream<Event, Integer>, SingleOutputStreamOperator<String>> ON_PANES =
            keyed -> keyed.window(twelveBy4()).process(new Track<>());
    private static final Function<KeyedStream<Event, Integer>, SingleOutputStreamOperator<String>> GENERAL =
            keyed -> AlignedWindowsTest.windows(keyed, twelveBy4(), 0, true, Fold.ELEMENTS);

    @Test
    void randomInputs_giveEachWindowItsElements_inArrivalOrder() {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        for (int run = 0; run < 40; run++) {
            long slide = 1 + random.nextInt(8);
            long size = slide * (3 + random.nextInt(5)); // panes from three windows per element on
            WindowAssigner<Object, TimeWindow> assigner = SlidingEventTimeWindows.of(Duration.ofMillis(size),
                    Duration.ofMillis(slide), Duration.ofMillis(random.nextInt((int) slide * 2 - 1) - slide + 1));
            String config = "seed=" + seed + " run=" + run + " size=" + size + " slide=" + slide;
            assertSameOutput(random, config,
                    keyed -> keyed.window(assigner).sideOutputLateData(LATE).process(new Track<>()),
                    keyed -> AlignedWindowsTest.windows(keyed, assigner, 0, true, Fold.ELEMENTS));
        }
    }

    /** From three windows per element on, or with {@code sharePanes()}; with two, lists per window were faster. */
    /** Windows of twenty panes or more, each key's elements in most of them, out of order across them. */
    @Test
    void keysInManyPanesOfAWindow_getTheirElementsInArrivalOrder() {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        for (int run = 0; run < 5; run++) {
            WindowAssigner<Object, TimeWindow> assigner =
                    SlidingEventTimeWindows.of(Duration.ofMillis(20 + random.nextInt(10)), Duration.ofMillis(1));
            assertSameOutput("seed=" + seed + " run=" + run + " " + assigner,
                    keyed -> keyed.window(assigner).sideOutputLateData(LATE).process(new Track<>()),
                    keyed -> AlignedWindowsTest.windows(keyed, assigner, 0, true, Fold.ELEMENTS), in -> {
                        long clock = 0;
                        for (int i = 0; i < 600; i++) {
                            clock += random.nextInt(2);
                            in.emit(new Event(random.nextInt(2), random.nextInt(10)), clock - random.nextInt(25));
                            if (random.nextInt(20) == 0) {
                                in.emitWatermark(clock - 30);
                            }
                        }
                    });
        }
    }

    @Test
    void slidingWindowsOfEveryElement_arePlannedOnPanes_fromThreeWindowsPerElement() {
        assertThat(operatorNames(ON_PANES)).anyMatch(name -> name.startsWith("PanedWindow"));
        WindowAssigner<Object, TimeWindow> twoPerElement =
                SlidingEventTimeWindows.of(Duration.ofMillis(8), Duration.ofMillis(4));
        assertThat(operatorNames(keyed -> keyed.window(twoPerElement).process(new Track<>())))
                .anyMatch(name -> name.startsWith("Window(")).noneMatch(name -> name.startsWith("PanedWindow"));
        assertThat(operatorNames(keyed -> keyed.window(twoPerElement).sharePanes().process(new Track<>())))
                .anyMatch(name -> name.startsWith("PanedWindow"));
    }

    private static List<String> operatorNames(
            Function<KeyedStream<Event, Integer>, SingleOutputStreamOperator<String>> pipeline) {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create();
        pipeline.apply(env.fromElements(new Event(1, 2)).keyBy(Event::key)).print();
        return env.getPipelineGraph().nodes().stream().map(PipelineNode::name).toList();
    }

    /**
     * Panes restore as panes (later elements are numbered after the restored ones), and into the
     * general operator's list per window; lists per window, which cannot be split into panes, go on
     * as lists. Panes of elements and panes of accumulators do not restore into each other.
     */
    @Test
    void panesOfElements_surviveRestores_andRestoreIntoListsPerWindow() {
        List<String> uninterrupted = runWithRestoreAt(-1, GENERAL);
        assertThat(uninterrupted).as("windows of several elements").anyMatch(s -> s.matches(".*\\|\\d,\\d.*"));
        assertThat(runWithRestoreAt(-1, ON_PANES)).isEqualTo(uninterrupted);
        assertThat(runWithRestoreAt(157, ON_PANES)).as("panes, restored").isEqualTo(uninterrupted);
        assertThat(runSwitchingAt(157, ON_PANES, GENERAL)).as("panes, then the general operator")
                .isEqualTo(uninterrupted);
        assertThat(runSwitchingAt(157, GENERAL, ON_PANES)).as("lists per window, then panes").isEqualTo(uninterrupted);

        Function<KeyedStream<Event, Integer>, SingleOutputStreamOperator<String>> summed =
                keyed -> keyed.window(twelveBy4()).sharePanes().aggregate(new Sum(), new Track<>());
        assertThatThrownBy(() -> runSwitchingAt(157, ON_PANES, summed))
                .hasStackTraceContaining("the snapshot holds each pane's elements");
        assertThatThrownBy(() -> runSwitchingAt(157, summed, ON_PANES))
                .hasStackTraceContaining("the snapshot holds accumulators per pane, and this program's window function"
                        + " needs every element");
    }

    /** What functions kept of their input, by window and key: filled during the job, read after it. */
    private static final Map<String, Iterable<Event>> KEPT = new ConcurrentHashMap<>();

    /** Describes its elements, and keeps the iterable it was given. */
    static final class Keep extends ProcessWindowFunction<Event, String, Integer, TimeWindow> {
        @Override
        public void process(Integer key, Context ctx, Iterable<Event> elements, Collector<String> out) {
            String id = ctx.window() + "|" + key;
            KEPT.put(id, elements);
            out.collect(id + "|" + describe(elements));
        }
    }

    private static String describe(Iterable<Event> elements) {
        List<Integer> values = new ArrayList<>();
        elements.forEach(e -> values.add(e.value()));
        return values.toString();
    }

    /**
     * A function may keep its input after the call (Flink hands out the window's own list, which
     * nothing changes after the window is purged): it still holds that window's elements after a
     * later element came into one of its panes, by iterator and by index, and it is read-only.
     */
    @Test
    void aKeptInput_staysTheWindows() {
        KEPT.clear();
        List<String> described;
        try (TestDriver driver = TestDriver.create()) {
            TestSource<Event> in = driver.source("events", Event.class);
            TestSink<String> out = driver.sink(in.stream().keyBy(Event::key).window(twelveBy4()).process(new Keep()));
            driver.start();
            in.emit(new Event(1, 1), 1);
            in.emit(new Event(1, 2), 5);
            in.emit(new Event(1, 5), 2); // out of order across panes: windows read them merged by arrival
            in.emitWatermark(3); // [-8, 4) fires: its elements are in one pane, [0, 4), handed out as they are
            in.emit(new Event(1, 6), 3); // late for [-8, 4), not for the later windows of its pane
            in.emit(new Event(1, 3), 9);
            in.emitWatermark(11); // [0, 12) fires
            in.emit(new Event(1, 4), 10); // late for [0, 12), not for the later windows of its pane [8, 12)
            in.finish();
            described = out.records();
        }
        assertThat(described).containsExactly("TimeWindow{start=-8, end=4}|1|[1, 5]",
                "TimeWindow{start=-4, end=8}|1|[1, 2, 5, 6]", "TimeWindow{start=0, end=12}|1|[1, 2, 5, 6, 3]",
                "TimeWindow{start=4, end=16}|1|[2, 3, 4]", "TimeWindow{start=8, end=20}|1|[3, 4]");
        for (String result : described) {
            String id = result.substring(0, result.lastIndexOf('|'));
            assertThat(id + "|" + describe(KEPT.get(id))).isEqualTo(result);
            List<Event> kept = (List<Event>) KEPT.get(id);
            List<Integer> byIndex = new ArrayList<>();
            for (int i = 0; i < kept.size(); i++) {
                byIndex.add(kept.get(i).value());
            }
            assertThat(id + "|" + byIndex).as("read by index").isEqualTo(result);
        }
        Iterable<Event> any = KEPT.values().iterator().next();
        assertThatThrownBy(() -> ((List<Event>) any).add(new Event(9, 9))).isInstanceOf(UnsupportedOperationException.class);
    }
}
