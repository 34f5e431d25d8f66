package dev.tidemark.flink;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tidemark.api.DataStream;
import dev.tidemark.api.OutputTag;
import dev.tidemark.api.SingleOutputStreamOperator;
import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.api.functions.Aggregations;
import dev.tidemark.api.functions.Collector;
import dev.tidemark.api.functions.KeyedProcessFunction;
import dev.tidemark.api.functions.OpenContext;
import dev.tidemark.api.functions.ProcessFunction;
import dev.tidemark.api.functions.ProcessWindowFunction;
import dev.tidemark.api.source.RichParallelSourceFunction;
import dev.tidemark.eventtime.Watermark;
import dev.tidemark.eventtime.WatermarkGenerator;
import dev.tidemark.eventtime.WatermarkOutput;
import dev.tidemark.eventtime.WatermarkStrategy;
import dev.tidemark.state.ListState;
import dev.tidemark.state.ListStateDescriptor;
import dev.tidemark.state.MapState;
import dev.tidemark.state.MapStateDescriptor;
import dev.tidemark.state.ValueState;
import dev.tidemark.state.ValueStateDescriptor;
import dev.tidemark.windowing.assigners.CalendarWindows;
import dev.tidemark.windowing.assigners.EventTimeSessionWindows;
import dev.tidemark.windowing.assigners.SlidingEventTimeWindows;
import dev.tidemark.windowing.assigners.TumblingEventTimeWindows;
import dev.tidemark.windowing.triggers.CountTrigger;
import dev.tidemark.windowing.triggers.PurgingTrigger;
import dev.tidemark.windowing.windows.TimeWindow;
import java.io.Serializable;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * One suite of event-time scenarios (windows with lateness and late side outputs, sessions, calendar days, a
 * custom trigger with state, keyed state and timers, a parallel source with its own watermarks, a split
 * source with watermarks per split,
 * partitioning and union) run twice at parallelism 2: embedded, and through the runner on a Flink
 * mini cluster. Both must give the same results. The watermarks come with every element, so which
 * elements are late does not depend on when periodic watermarks run.
 */
class SameResultsTest {

    /** An event: key, time in ms, value. */
    record Event(String key, long time, long value) implements Serializable {}

    static final List<Event> EVENTS = List.of(new Event("a", 1_000, 1), new Event("b", 1_500, 2),
            new Event("a", 4_000, 3), new Event("a", 12_000, 4), new Event("b", 3_000, 5), new Event("a", 2_000, 6),
            new Event("b", 14_000, 7), new Event("a", 9_500, 8), new Event("c", 15_000, 9), new Event("a", 30_000, 10),
            new Event("b", 11_000, 11), new Event("c", 31_000, 12), new Event("a", 26_000, 13),
            new Event("b", 40_000, 14), new Event("a", 33_000, 15));

    /** A watermark one second behind the largest time seen, at every element. */
    static final class PerElement implements WatermarkGenerator<Event> {
        private long max = Long.MIN_VALUE + 1_001;

        @Override
        public void onEvent(Event event, long timestamp, WatermarkOutput output) {
            max = Math.max(max, timestamp);
            output.emitWatermark(new Watermark(max - 1_000 - 1));
        }

        @Override
        public void onPeriodicEmit(WatermarkOutput output) {}
    }

    static DataStream<Event> events(StreamExecutionEnvironment env) {
        // at the source's parallelism: a rebalance before the assigner would make which events are late depend on
        // where Flink's round robin starts, which is random
        return env.fromCollection(EVENTS).assignTimestampsAndWatermarks(
                WatermarkStrategy.<Event>forGenerator(context -> new PerElement()).withTimestampAssigner((e, t) -> e.time()))
                .setParallelism(1);
    }

    static final class Describe extends ProcessWindowFunction<Long, String, String, TimeWindow> {
        @Override
        public void process(String key, Context context, Iterable<Long> results, Collector<String> out) {
            out.collect(key + " " + context.window() + " " + results.iterator().next());
        }
    }

    static void slidingCounts(StreamExecutionEnvironment env, String name) {
        OutputTag<Event> late = new OutputTag<>("late");
        SingleOutputStreamOperator<String> counts = events(env).keyBy(Event::key)
                .window(SlidingEventTimeWindows.of(Duration.ofSeconds(10), Duration.ofSeconds(5)))
                .allowedLateness(Duration.ofSeconds(2))
                .sideOutputLateData(late)
                .aggregate(Aggregations.<Event>count(), new Describe());
        counts.addSink(Results.sink(name));
        counts.getSideOutput(late).map(e -> "late " + e).addSink(Results.sink(name + "/late"));
    }

    static void sessions(StreamExecutionEnvironment env, String name) {
        OutputTag<Event> late = new OutputTag<>("late");
        SingleOutputStreamOperator<String> sums = events(env).keyBy(Event::key)
                .window(EventTimeSessionWindows.withGap(Duration.ofSeconds(3)))
                .sideOutputLateData(late)
                .reduce((x, y) -> new Event(x.key(), Math.max(x.time(), y.time()), x.value() + y.value()),
                        new ProcessWindowFunction<Event, String, String, TimeWindow>() {
                            @Override
                            public void process(String key, Context context, Iterable<Event> sum, Collector<String> out) {
                                out.collect(key + " " + context.window() + " sum=" + sum.iterator().next().value());
                            }
                        });
        sums.addSink(Results.sink(name));
        sums.getSideOutput(late).map(e -> "late " + e).addSink(Results.sink(name + "/late"));
    }

    /**
     * Calendar days in Berlin, which has no Flink equivalent and runs hosted in Flink's window
     * operator: around the switch to summer time on 29 March 2026, a day of 23 hours.
     */
    static void calendarDays(StreamExecutionEnvironment env, String name) {
        long march28 = java.time.ZonedDateTime.of(2026, 3, 28, 0, 0, 0, 0, BERLIN).toInstant().toEpochMilli();
        long hour = 3_600_000;
        List<Event> events = List.of(new Event("a", march28 + 23 * hour, 1), new Event("b", march28 + 25 * hour, 2),
                new Event("a", march28 + 24 * hour + 30 * 60_000, 3), new Event("a", march28 + 46 * hour + 59 * 60_000, 4),
                new Event("b", march28 + 20 * hour, 5), new Event("a", march28 + 47 * hour + 30 * 60_000, 6),
                new Event("b", march28 + 60 * hour, 7));
        OutputTag<Event> late = new OutputTag<>("late");
        SingleOutputStreamOperator<String> counts = env.fromCollection(events).assignTimestampsAndWatermarks(
                        WatermarkStrategy.<Event>forGenerator(context -> new PerElement()).withTimestampAssigner((e, t) -> e.time()))
                .setParallelism(1)
                .keyBy(Event::key)
                .window(CalendarWindows.days(BERLIN))
                .sideOutputLateData(late)
                .aggregate(Aggregations.<Event>count(), new Describe());
        counts.addSink(Results.sink(name));
        counts.getSideOutput(late).map(e -> "late " + e).addSink(Results.sink(name + "/late"));
    }

    /**
     * Four splits, each ascending in time, split {@code s} starting {@code s} minutes later, read
     * interleaved: only watermarks per split keep the earlier splits' events from being late.
     */
    static final class OffsetSplits implements dev.tidemark.api.source.SplitSource<Event> {
        @Override
        public int splitCount() {
            return 4;
        }

        @Override
        public void run(SplitContext<Event> ctx) {
            for (int i = 0; i < 200; i++) {
                for (int split : ctx.ownedSplits()) {
                    long time = split * 60_000L + i * 500L;
                    ctx.split(split).collectWithTimestamp(new Event("k" + (i % 3), time, split), time);
                }
            }
            ctx.ownedSplits().forEach(ctx::finishSplit);
        }

        @Override
        public void cancel() {}
    }

    static void splitSource(StreamExecutionEnvironment env, String name) {
        OutputTag<Event> late = new OutputTag<>("late");
        // a watermark at every element: one generator over the interleaved splits would make most events late
        SingleOutputStreamOperator<String> counts = env.fromSource(new OffsetSplits(),
                        WatermarkStrategy.<Event>forGenerator(context -> new PerElement()), "offset splits")
                .keyBy(Event::key)
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(10)))
                .sideOutputLateData(late)
                .aggregate(Aggregations.<Event>count(), new Describe());
        counts.addSink(Results.sink(name));
        counts.getSideOutput(late).map(e -> "late " + e).addSink(Results.sink(name + "/late"));
    }

    static final java.time.ZoneId BERLIN = java.time.ZoneId.of("Europe/Berlin");

    static void countTrigger(StreamExecutionEnvironment env, String name) {
        events(env).keyBy(Event::key)
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(10)))
                .trigger(PurgingTrigger.of(CountTrigger.of(2)))
                .process(new ProcessWindowFunction<Event, String, String, TimeWindow>() {
                    @Override
                    public void process(String key, Context context, Iterable<Event> events, Collector<String> out) {
                        StringBuilder values = new StringBuilder();
                        events.forEach(e -> values.append(' ').append(e.value()));
                        out.collect(key + " " + context.window() + values);
                    }
                })
                .addSink(Results.sink(name));
    }

    /** Counts, sums and lists each key's values in state, and reports them by an event-time timer. */
    static final class Reporter extends KeyedProcessFunction<String, Event, String> {
        static final OutputTag<String> LARGE = new OutputTag<>("large");
        private transient ValueState<Long> count;
        private transient MapState<Long, Long> byTime;
        private transient ListState<Long> values;

        @Override
        public void open(OpenContext context) {
            count = getRuntimeContext().getState(new ValueStateDescriptor<>("count", Long.class));
            byTime = getRuntimeContext().getMapState(new MapStateDescriptor<>("by time", Long.class, Long.class));
            values = getRuntimeContext().getListState(new ListStateDescriptor<>("values", Long.class));
        }

        @Override
        public void processElement(Event e, Context ctx, Collector<String> out) throws Exception {
            count.update(count.value() == null ? 1 : count.value() + 1);
            byTime.put(e.time(), e.value());
            values.add(e.value());
            ctx.timerService().registerEventTimeTimer(e.time() + 5_000);
            if (e.value() > 10) {
                ctx.output(LARGE, ctx.getCurrentKey() + " large " + e.value() + " at " + ctx.timestamp());
            }
        }

        @Override
        public void onTimer(long timestamp, OnTimerContext ctx, Collector<String> out) throws Exception {
            long sum = 0;
            for (Long v : values.get()) {
                sum += v;
            }
            out.collect(ctx.getCurrentKey() + " at " + timestamp + " (" + ctx.timeDomain() + "): count=" + count.value()
                    + " sum=" + sum + " times=" + byTime.keys());
            if (timestamp > 35_000) {
                count.clear();
            }
        }
    }

    static void keyedState(StreamExecutionEnvironment env, String name) {
        SingleOutputStreamOperator<String> reports = events(env).keyBy(Event::key).process(new Reporter());
        reports.addSink(Results.sink(name));
        reports.getSideOutput(Reporter.LARGE).addSink(Results.sink(name + "/large"));
    }

    /** Each instance emits its own events, with timestamps and watermarks of its own. */
    static final class TwoSources extends RichParallelSourceFunction<Event> {
        private volatile boolean running = true;

        @Override
        public void run(SourceContext<Event> ctx) {
            int me = getRuntimeContext().getIndexOfThisSubtask();
            for (int i = 0; i < 20 && running; i++) {
                long time = i * 700L + me * 300L;
                ctx.collectWithTimestamp(new Event("k" + (i % 3), time, me * 100 + i), time);
                if (i % 4 == 3) {
                    ctx.emitWatermark(new Watermark(time - 500));
                }
            }
        }

        @Override
        public void cancel() {
            running = false;
        }
    }

    static void parallelSource(StreamExecutionEnvironment env, String name) {
        env.addSource(new TwoSources()).setParallelism(2)
                .keyBy(Event::key)
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(3)))
                .aggregate(Aggregations.<Event>count(), new Describe())
                .addSink(Results.sink(name));
    }

    static void partitionsAndUnion(StreamExecutionEnvironment env, String name) {
        OutputTag<String> odd = new OutputTag<>("odd");
        DataStream<Long> first = env.fromSequence(1, 30).map(i -> i * 3).rebalance().filter(i -> i % 2 == 0);
        DataStream<Long> second = env.fromCollection(List.of(100L, 101L, 102L)).shuffle();
        SingleOutputStreamOperator<String> all = first.union(second)
                .flatMap((Long i, Collector<Long> out) -> {
                    out.collect(i);
                    out.collect(-i);
                })
                .process(new ProcessFunction<Long, String>() {
                    @Override
                    public void processElement(Long i, Context ctx, Collector<String> out) {
                        if (i % 2 != 0) {
                            ctx.output(odd, "odd " + i);
                        }
                        out.collect("value " + i);
                    }
                });
        all.addSink(Results.sink(name));
        all.getSideOutput(odd).addSink(Results.sink(name + "/odd"));
        env.fromCollection(EVENTS).keyBy(Event::key).reduce((x, y) -> new Event(x.key(), y.time(), x.value() + y.value()))
                .map(Event::toString).addSink(Results.sink(name + "/rolling"));
    }

    /** A scenario: builds its pipeline with sinks named after the given prefix. */
    interface Scenario extends java.util.function.BiConsumer<StreamExecutionEnvironment, String> {}

    static Stream<Arguments> scenarios() {
        return Stream.of(
                Arguments.of("sliding counts with lateness", (Scenario) SameResultsTest::slidingCounts, List.of("", "/late")),
                Arguments.of("sessions", (Scenario) SameResultsTest::sessions, List.of("", "/late")),
                Arguments.of("calendar days, hosted", (Scenario) SameResultsTest::calendarDays, List.of("", "/late")),
                Arguments.of("count trigger", (Scenario) SameResultsTest::countTrigger, List.of("")),
                Arguments.of("keyed state and timers", (Scenario) SameResultsTest::keyedState, List.of("", "/large")),
                Arguments.of("parallel source", (Scenario) SameResultsTest::parallelSource, List.of("")),
                Arguments.of("split source, watermarks per split", (Scenario) SameResultsTest::splitSource,
                        List.of("", "/late")),
                Arguments.of("partitions and union", (Scenario) SameResultsTest::partitionsAndUnion,
                        List.of("", "/odd", "/rolling")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scenarios")
    void embeddedAndOnFlinkGiveTheSameResults(String name, Scenario scenario, List<String> outputs) throws Exception {
        StreamExecutionEnvironment embedded = StreamExecutionEnvironment.createLocalEnvironment(2);
        scenario.accept(embedded, name + " embedded");
        embedded.execute(name);

        StreamExecutionEnvironment onFlink = StreamExecutionEnvironment.createLocalEnvironment(2);
        scenario.accept(onFlink, name + " on Flink");
        FlinkRunner.execute(onFlink, org.apache.flink.streaming.api.environment.StreamExecutionEnvironment
                .createLocalEnvironment(2), name);

        assertThat(Results.sorted(name + " embedded")).as("what the scenario checks").isNotEmpty();
        for (String output : outputs) {
            assertThat(Results.sorted(name + " on Flink" + output)).as(name + output)
                    .containsExactlyElementsOf(Results.sorted(name + " embedded" + output));
        }
    }
}
