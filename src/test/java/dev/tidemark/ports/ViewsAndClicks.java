package dev.tidemark.ports;

import dev.tidemark.api.DataStream;
import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.api.functions.CoGroupFunction;
import dev.tidemark.api.functions.Collector;
import dev.tidemark.api.functions.JoinFunction;
import dev.tidemark.api.tuple.Tuple2;
import dev.tidemark.api.tuple.Tuple3;
import dev.tidemark.eventtime.WatermarkStrategy;
import dev.tidemark.windowing.assigners.EventTimeSessionWindows;
import dev.tidemark.windowing.assigners.TumblingEventTimeWindows;
import java.time.Duration;

/**
 * Window joins: ad views (user, time, ad) with clicks (user, time, page) of the same user in the same
 * 10-second window; then, per user session of both (gaps under 3 seconds), views and clicks
 * counted together with a coGroup, which also reports users who viewed and never clicked.
 */
public class ViewsAndClicks {

    public static void main(String[] args) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(1);
        DataStream<Tuple3<String, Long, String>> views = env.fromElements(
                        Tuple3.of("ann", 1_000L, "shoes"), Tuple3.of("ben", 2_000L, "hats"),
                        Tuple3.of("ann", 3_000L, "bags"), Tuple3.of("cat", 4_000L, "shoes"),
                        Tuple3.of("ann", 11_000L, "hats"), Tuple3.of("ben", 19_000L, "bags"))
                .assignTimestampsAndWatermarks(WatermarkStrategy
                        .<Tuple3<String, Long, String>>forBoundedOutOfOrderness(Duration.ofSeconds(1))
                        .withTimestampAssigner((view, timestamp) -> view.f1));
        DataStream<Tuple3<String, Long, String>> clicks = env.fromElements(
                        Tuple3.of("ann", 2_500L, "/shoes/42"), Tuple3.of("ben", 9_999L, "/hats/7"),
                        Tuple3.of("ann", 10_000L, "/hats/1"), Tuple3.of("ben", 21_500L, "/bags/3"))
                .assignTimestampsAndWatermarks(WatermarkStrategy
                        .<Tuple3<String, Long, String>>forBoundedOutOfOrderness(Duration.ofSeconds(1))
                        .withTimestampAssigner((click, timestamp) -> click.f1));

        views.join(clicks)
                .where(view -> view.f0)
                .equalTo(click -> click.f0)
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(10)))
                .apply(new JoinFunction<Tuple3<String, Long, String>, Tuple3<String, Long, String>, String>() {
                    @Override
                    public String join(Tuple3<String, Long, String> view, Tuple3<String, Long, String> click) {
                        return view.f0 + " saw " + view.f2 + " at " + view.f1 + ", clicked " + click.f2 + " at " + click.f1;
                    }
                })
                .print("join");

        views.coGroup(clicks)
                .where(view -> view.f0)
                .equalTo(click -> click.f0)
                .window(EventTimeSessionWindows.withGap(Duration.ofSeconds(3)))
                .apply(new CoGroupFunction<Tuple3<String, Long, String>, Tuple3<String, Long, String>,
                        Tuple2<String, String>>() {
                    @Override
                    public void coGroup(Iterable<Tuple3<String, Long, String>> sessionViews,
                            Iterable<Tuple3<String, Long, String>> sessionClicks, Collector<Tuple2<String, String>> out) {
                        String user = null;
                        int viewCount = 0;
                        int clickCount = 0;
                        for (Tuple3<String, Long, String> view : sessionViews) {
                            user = view.f0;
                            viewCount++;
                        }
                        for (Tuple3<String, Long, String> click : sessionClicks) {
                            user = click.f0;
                            clickCount++;
                        }
                        out.collect(Tuple2.of(user, viewCount + " views, " + clickCount + " clicks"));
                    }
                })
                .print("session");
        env.execute("Views and clicks");
    }
}
