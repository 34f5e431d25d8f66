package dev.tidemark.examples;

import dev.tidemark.api.OutputTag;
import dev.tidemark.api.SingleOutputStreamOperator;
import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.api.functions.Aggregations;
import dev.tidemark.api.functions.Collector;
import dev.tidemark.api.functions.ProcessWindowFunction;
import dev.tidemark.eventtime.Watermark;
import dev.tidemark.eventtime.WatermarkGenerator;
import dev.tidemark.eventtime.WatermarkOutput;
import dev.tidemark.eventtime.WatermarkStrategy;
import dev.tidemark.state.ValueState;
import dev.tidemark.state.ValueStateDescriptor;
import dev.tidemark.windowing.assigners.EventTimeSessionWindows;
import dev.tidemark.windowing.windows.TimeWindow;
import java.io.Serializable;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * User sessions: clicks per user, grouped into event-time sessions that close after 30 seconds
 * without a click, from bundled clicks that arrive out of order. Sessions accept late clicks for
 * 10 more seconds (allowed lateness): such a click updates its session, which fires again. A click
 * later than that goes to a side output instead of being lost.
 *
 * <p>Run it with {@code mvn -q test-compile exec:java@example -Dexample.main=dev.tidemark.examples.UserSessionsExample}.
 */
public final class UserSessionsExample {

    /** One click: when, who, and which page. */
    public record Click(long timestamp, String user, String page) implements Serializable {
        static Click parse(String line) {
            String[] f = line.split(",");
            return new Click(Long.parseLong(f[0]), f[1], f[2]);
        }
    }

    /** Clicks too late even for the allowed lateness. */
    static final OutputTag<Click> TOO_LATE = OutputTag.of("too late", Click.class);

    /** The sessions of {@code env}'s bundled clicks; {@link #TOO_LATE} holds the clicks they could not take. */
    static SingleOutputStreamOperator<String> sessions(StreamExecutionEnvironment env) throws Exception {
        return env.fromCollection(SensorReadingsExample.readLines("/examples/clicks.csv"))
                .map(Click::parse)
                .assignTimestampsAndWatermarks(WatermarkStrategy.<Click>forGenerator(ctx -> new BoundedPerClick())
                        .withTimestampAssigner((click, previous) -> click.timestamp()))
                .keyBy(Click::user)
                .window(EventTimeSessionWindows.withGap(Duration.ofSeconds(30)))
                .allowedLateness(Duration.ofSeconds(10))
                .sideOutputLateData(TOO_LATE)
                .aggregate(Aggregations.<Click>count(), new DescribeSession());
    }

    /** Bounded out-of-orderness (2 s) after every click, so the output is the same on every run. */
    static final class BoundedPerClick implements WatermarkGenerator<Click> {
        private long maxTimestamp = Long.MIN_VALUE + 2_001;

        @Override
        public void onEvent(Click click, long eventTimestamp, WatermarkOutput output) {
            maxTimestamp = Math.max(maxTimestamp, eventTimestamp);
            output.emitWatermark(new Watermark(maxTimestamp - 2_001));
        }

        @Override
        public void onPeriodicEmit(WatermarkOutput output) {}
    }

    /** Describes a session: user, bounds, clicks, and whether this firing updates an earlier one. */
    static final class DescribeSession extends ProcessWindowFunction<Long, String, String, TimeWindow> {
        private static final ValueStateDescriptor<Integer> FIRINGS = new ValueStateDescriptor<>("firings", Integer.class);

        @Override
        public void process(String user, Context ctx, Iterable<Long> counts, Collector<String> out) throws Exception {
            ValueState<Integer> firings = ctx.windowState().getState(FIRINGS);
            int firing = firings.value() == null ? 1 : firings.value() + 1;
            firings.update(firing);
            long clicks = counts.iterator().next();
            out.collect(String.format(Locale.ROOT, "%-5s %s..%s %d click%s%s", user, time(ctx.window().start()),
                    time(ctx.window().end()), clicks, clicks == 1 ? "" : "s",
                    firing > 1 ? " (update " + (firing - 1) + ")" : ""));
        }

        @Override
        public void clear(Context ctx) {
            ctx.windowState().getState(FIRINGS).clear();
        }
    }

    static String time(long epochMillis) {
        return HH_MM_SS.format(LocalTime.ofInstant(Instant.ofEpochMilli(epochMillis), ZoneOffset.UTC));
    }

    private static final DateTimeFormatter HH_MM_SS = DateTimeFormatter.ofPattern("HH:mm:ss", Locale.ROOT);

    public static void main(String[] args) throws Exception {
        var env = StreamExecutionEnvironment.create();
        SingleOutputStreamOperator<String> sessions = sessions(env);
        sessions.print("session");
        sessions.getSideOutput(TOO_LATE).map(click -> click.user() + " " + time(click.timestamp()) + " " + click.page())
                .print("too late");
        env.execute("user sessions");
    }
}
