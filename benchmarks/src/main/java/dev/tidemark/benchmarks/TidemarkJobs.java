package dev.tidemark.benchmarks;

import dev.tidemark.api.DataStream;
import dev.tidemark.api.JobClient;
import dev.tidemark.api.KeyedStream;
import dev.tidemark.api.functions.LongKeySelector;
import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.api.source.SourceFunction;
import dev.tidemark.api.typeinfo.TypeInformation;
import dev.tidemark.connectors.datagen.DataGeneratorSource;
import dev.tidemark.eventtime.WatermarkStrategy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

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

    /** Builds the pipeline of one part of a workload split into independent jobs. */
    interface PartPipeline {
        void build(StreamExecutionEnvironment env, int part);
    }

    /**
     * Runs {@code parts} jobs at parallelism 1 at the same time, job {@code k} built by
     * {@code pipeline} for part {@code k}, and returns what the sink saw from all of them: pipelines
     * that share nothing, so the most the machine gives that many threads of this workload.
     */
    static Result runSideBySide(String name, int parts, PartPipeline pipeline) throws InterruptedException {
        ResultSink.reset();
        List<JobClient> jobs = new ArrayList<>();
        for (int part = 0; part < parts; part++) {
            StreamExecutionEnvironment env = StreamExecutionEnvironment.create().setParallelism(1);
            pipeline.build(env, part);
            jobs.add(env.executeAsync(name + ", part " + part + " of " + parts));
        }
        for (JobClient job : jobs) {
            job.await();
        }
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

    /**
     * The same events from the library's {@code DataGeneratorSource}, as a Flink 2 user writes a
     * generator ({@code fromSource} with the shared strategy), keyed as most users would.
     */
    static KeyedStream<Event, Long> keyedGeneratedEvents(StreamExecutionEnvironment env, long events,
            long eventsPerMilli) {
        DataGeneratorSource<Event> source = new DataGeneratorSource<>(
                i -> new Event(Events.key(i), Events.value(i), Events.timestamp(i, eventsPerMilli)), events,
                TypeInformation.of(Event.class));
        return env.fromSource(source, strategy(), "generator").setParallelism(env.getParallelism())
                .keyBy(Event::key);
    }

    private static DataStream<Event> events(StreamExecutionEnvironment env, SourceFunction<Event> source) {
        return env.addSource(source).setParallelism(env.getParallelism()).assignTimestampsAndWatermarks(strategy());
    }

    private static WatermarkStrategy<Event> strategy() {
        return WatermarkStrategy.<Event>forBoundedOutOfOrderness(Duration.ofMillis(Events.DISORDER_MILLIS))
                .withTimestampAssigner((e, previous) -> e.timestamp());
    }
}
