package dev.tidemark.benchmarks;

import dev.tidemark.api.DataStream;
import dev.tidemark.api.KeyedStream;
import dev.tidemark.api.functions.LongKeySelector;
import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.api.source.SourceFunction;
import dev.tidemark.eventtime.WatermarkStrategy;
import java.time.Duration;

/** What the workloads share on Tidemark: a run into {@link ResultSink}, and the keyed event stream. */
final class TidemarkJobs {

    private TidemarkJobs() {}

    /** Builds a pipeline into a {@link ResultSink}. */
    interface Pipeline {
        void build(StreamExecutionEnvironment env);
    }

    /** Runs {@code pipeline} at {@code parallelism} and returns what the sink saw. */
    static Result run(String name, int parallelism, Pipeline pipeline) throws InterruptedException {
        ResultSink.reset();
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create().setParallelism(parallelism);
        pipeline.build(env);
        env.execute(name);
        return ResultSink.result();
    }

    /** {@code source}'s events with the shared watermark strategy (1 s out of orderness), keyed as most users would. */
    static KeyedStream<Event, Long> keyedEvents(StreamExecutionEnvironment env, SourceFunction<Event> source) {
        return events(env, source).keyBy(Event::key);
    }

    /** {@link #keyedEvents}, keyed by a {@link LongKeySelector}: the key is never boxed on the way to the window. */
    static KeyedStream<Event, Long> keyedEventsByLong(StreamExecutionEnvironment env, SourceFunction<Event> source) {
        return events(env, source).keyBy(LongKeySelector.of(Event::key));
    }

    private static DataStream<Event> events(StreamExecutionEnvironment env, SourceFunction<Event> source) {
        return env.addSource(source).setParallelism(env.getParallelism())
                .assignTimestampsAndWatermarks(WatermarkStrategy.<Event>forBoundedOutOfOrderness(
                        Duration.ofMillis(Events.DISORDER_MILLIS)).withTimestampAssigner((e, previous) -> e.timestamp()));
    }
}
