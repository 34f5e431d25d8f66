package dev.tidemark.benchmarks;

import dev.tidemark.api.KeyedStream;
import dev.tidemark.api.WindowedStream;
import dev.tidemark.api.functions.Collector;
import dev.tidemark.api.functions.ProcessWindowFunction;
import dev.tidemark.windowing.assigners.SlidingEventTimeWindows;
import dev.tidemark.windowing.assigners.TumblingEventTimeWindows;
import dev.tidemark.windowing.windows.TimeWindow;
import java.time.Duration;

/**
 * W1 and W2 written the way Flink's documentation first shows a window function: a
 * {@code ProcessWindowFunction} that gets every element of the window and sums their values itself,
 * with no reduce or aggregate before it; on Tidemark, and beside it the same sums with an
 * {@code AggregateFunction}. One window per event is W1's tumbling second; more are windows sliding
 * by a second ({@link SlidingWindowJobs#size}).
 */
public final class WindowProcessJobs {

    private WindowProcessJobs() {}

    /** Runs the workload on Tidemark: every element kept for {@link SumAll}, or, with {@code aggregate}, summed as it comes. */
    public static Result tidemark(long events, long eventsPerMilli, int parallelism, int windowsPerEvent,
            boolean aggregate) throws InterruptedException {
        return TidemarkJobs.run("windows with a process function", parallelism, env -> {
            WindowedStream<Event, Long, TimeWindow> windows =
                    windows(TidemarkJobs.keyedEvents(env, new GeneratorSource(events, eventsPerMilli)), windowsPerEvent);
            (aggregate ? windows.aggregate(new TumblingWindowJobs.Sum(), new TumblingWindowJobs.Hash())
                    : windows.process(new SumAll())).addSink(new ResultSink());
        });
    }

    private static WindowedStream<Event, Long, TimeWindow> windows(KeyedStream<Event, Long> keyed, int windowsPerEvent) {
        return windowsPerEvent == 1 ? keyed.window(TumblingEventTimeWindows.of(Duration.ofMillis(SlidingWindowJobs.SLIDE)))
                : keyed.window(SlidingEventTimeWindows.of(Duration.ofMillis(SlidingWindowJobs.size(windowsPerEvent)),
                        Duration.ofMillis(SlidingWindowJobs.SLIDE)));
    }

    /** The loop's sums of each key's values per window. */
    public static Result baseline(long events, long eventsPerMilli, int windowsPerEvent) {
        return SlidingWindowJobs.baselineSum(events, eventsPerMilli, windowsPerEvent);
    }

    /** Sums the values of every element of the window and emits the sum's hash, as W1's does. */
    static final class SumAll extends ProcessWindowFunction<Event, Long, Long, TimeWindow> {
        @Override
        public void process(Long key, Context ctx, Iterable<Event> events, Collector<Long> out) {
            long sum = 0;
            for (Event e : events) {
                sum += e.value();
            }
            out.collect(Events.resultHash(key, ctx.window().start(), sum));
        }
    }
}
