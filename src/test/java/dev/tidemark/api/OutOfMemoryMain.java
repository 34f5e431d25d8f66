package dev.tidemark.api;

import dev.tidemark.api.functions.Collector;
import dev.tidemark.api.functions.ProcessWindowFunction;
import dev.tidemark.eventtime.WatermarkStrategy;
import dev.tidemark.windowing.assigners.TumblingEventTimeWindows;
import dev.tidemark.windowing.windows.TimeWindow;
import java.time.Duration;

/**
 * Run in a small JVM of its own by {@link OutOfMemoryTest}: buffers ever more keys in a
 * {@code process()} window until the heap runs out, and prints how the job ended.
 */
public final class OutOfMemoryMain {

    static final class CountAll extends ProcessWindowFunction<long[], Long, Long, TimeWindow> {
        @Override
        public void process(Long key, Context ctx, Iterable<long[]> elements, Collector<Long> out) {
            out.collect(key);
        }
    }

    public static void main(String[] args) {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create();
        env.fromSequence(0, Long.MAX_VALUE - 1)
                .map(n -> new long[] {n, n, n, n})
                .assignTimestampsAndWatermarks(WatermarkStrategy.<long[]>forMonotonousTimestamps()
                        .withTimestampAssigner((a, previous) -> 0))
                .keyBy(a -> a[0])
                .window(TumblingEventTimeWindows.of(Duration.ofDays(1)))
                .process(new CountAll())
                .addSink((v, ctx) -> {});
        try {
            env.execute("out of memory");
            System.out.println("ended: finished");
        } catch (JobExecutionException e) {
            System.out.println("ended: failed, cause=" + e.getCause().getClass().getName() + ", operator="
                    + e.operatorName());
        } catch (Throwable t) {
            System.out.println("ended: " + t);
        }
        System.exit(0);
    }
}
