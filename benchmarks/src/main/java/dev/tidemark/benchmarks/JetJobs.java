package dev.tidemark.benchmarks;

import com.hazelcast.config.Config;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.jet.accumulator.LongAccumulator;
import com.hazelcast.jet.aggregate.AggregateOperation;
import com.hazelcast.jet.aggregate.AggregateOperations;
import com.hazelcast.jet.datamodel.KeyedWindowResult;
import com.hazelcast.jet.pipeline.Pipeline;
import com.hazelcast.jet.pipeline.Sink;
import com.hazelcast.jet.pipeline.SinkBuilder;
import com.hazelcast.jet.pipeline.SourceBuilder;
import com.hazelcast.jet.pipeline.BatchSource;
import com.hazelcast.jet.pipeline.WindowDefinition;
import java.util.UUID;

/** The workloads on Hazelcast Jet, embedded as one member in this JVM, for comparison. */
public final class JetJobs {

    private JetJobs() {}

    /** A Jet member as JMH state: started only in the forks that measure Jet, so its threads compete with no one else. */
    @org.openjdk.jmh.annotations.State(org.openjdk.jmh.annotations.Scope.Benchmark)
    public static class Member {
        HazelcastInstance member;

        @org.openjdk.jmh.annotations.Setup(org.openjdk.jmh.annotations.Level.Trial)
        public void start() {
            member = startMember();
        }

        @org.openjdk.jmh.annotations.TearDown(org.openjdk.jmh.annotations.Level.Trial)
        public void stop() {
            member.shutdown();
        }

        /** The started member. */
        public HazelcastInstance member() {
            return member;
        }
    }

    /** Runs {@code job} on a member of its own, started for it and shut down after. */
    public static Result onOwnMember(java.util.function.Function<HazelcastInstance, Result> job) {
        HazelcastInstance member = startMember();
        try {
            return job.apply(member);
        } finally {
            member.shutdown();
        }
    }

    /** One member, started once per benchmark trial (its start-up is not in the measurement). */
    public static HazelcastInstance startMember() {
        Config config = new Config();
        config.setClusterName("tidemark-benchmark-" + UUID.randomUUID());
        config.getJetConfig().setEnabled(true);
        config.getNetworkConfig().getJoin().getMulticastConfig().setEnabled(false);
        config.getNetworkConfig().getJoin().getAutoDetectionConfig().setEnabled(false);
        config.setProperty("hazelcast.logging.type", "none");
        config.setProperty("hazelcast.phone.home.enabled", "false");
        return Hazelcast.newHazelcastInstance(config);
    }

    /** The generator's position: this processor emits events {@code next, next + step, ...}. */
    static final class Generator {
        long next;
        final long step;

        Generator(long first, long step) {
            this.next = first;
            this.step = step;
        }
    }

    /** W1 on Jet: the same events, lag, windows, sum and checksum. */
    public static Result tumbling(HazelcastInstance member, long events, long eventsPerMilli, int parallelism) {
        return windowed(member, events, eventsPerMilli, parallelism, WindowDefinition.tumbling(1_000),
                AggregateOperations.summingLong(e -> e[1]));
    }

    /** W2 on Jet: windows sliding by 1 s, {@code windowsPerEvent} per event, count. */
    public static Result sliding(HazelcastInstance member, long events, long eventsPerMilli, int parallelism,
            int windowsPerEvent) {
        return windowed(member, events, eventsPerMilli, parallelism,
                WindowDefinition.sliding(SlidingWindowJobs.size(windowsPerEvent), SlidingWindowJobs.SLIDE),
                AggregateOperations.counting());
    }

    /**
     * W2 with the sum of each event's value on Jet: {@code summingLong} without its deduct function,
     * with which Jet's sliding windows drop a key whose sum comes back to zero (they cannot tell it
     * from an empty one), so that windows whose events all have the value 0 are emitted as on the
     * other engines. Jet then combines the frames of each window, as it does for a count.
     */
    public static Result slidingSum(HazelcastInstance member, long events, long eventsPerMilli, int parallelism,
            int windowsPerEvent) {
        return windowed(member, events, eventsPerMilli, parallelism,
                WindowDefinition.sliding(SlidingWindowJobs.size(windowsPerEvent), SlidingWindowJobs.SLIDE),
                AggregateOperation.withCreate(LongAccumulator::new)
                        .<long[]>andAccumulate((sum, e) -> sum.add(e[1]))
                        .andCombine(LongAccumulator::add)
                        .andExportFinish(LongAccumulator::get));
    }

    /**
     * {@link WindowProcessJobs} on Jet, its nearest equivalent: each window's elements as a list
     * ({@code toList()}), summed when the window is emitted.
     */
    public static Result windowProcess(HazelcastInstance member, long events, long eventsPerMilli, int parallelism,
            int windowsPerEvent) {
        WindowDefinition window = windowsPerEvent == 1 ? WindowDefinition.tumbling(SlidingWindowJobs.SLIDE)
                : WindowDefinition.sliding(SlidingWindowJobs.size(windowsPerEvent), SlidingWindowJobs.SLIDE);
        return windowed(member, events, eventsPerMilli, parallelism, window,
                AggregateOperations.<long[]>toList().andThen(elements -> {
                    long sum = 0;
                    for (long[] e : elements) {
                        sum += e[1];
                    }
                    return sum;
                }));
    }

    /** W3 on Jet: bursty keys, 5 s session windows, count. */
    public static Result sessions(HazelcastInstance member, long events, long eventsPerMilli, int parallelism) {
        return windowed(member, events, eventsPerMilli, parallelism, WindowDefinition.session(SessionWindowJobs.GAP),
                AggregateOperations.counting(), i -> SessionWindowJobs.key(i, eventsPerMilli));
    }

    private static Result windowed(HazelcastInstance member, long events, long eventsPerMilli, int parallelism,
            WindowDefinition window, com.hazelcast.jet.aggregate.AggregateOperation1<long[], ?, Long> aggregate) {
        return windowed(member, events, eventsPerMilli, parallelism, window, aggregate, Events::key);
    }

    private static Result windowed(HazelcastInstance member, long events, long eventsPerMilli, int parallelism,
            WindowDefinition window, com.hazelcast.jet.aggregate.AggregateOperation1<long[], ?, Long> aggregate,
            com.hazelcast.function.FunctionEx<Long, Long> keyOf) {
        ResultSink.reset();
        BatchSource<long[]> source = SourceBuilder
                .batch("generator", ctx -> new Generator(ctx.globalProcessorIndex(), ctx.totalParallelism()))
                .<long[]>fillBufferFn((gen, buffer) -> {
                    for (int n = 0; n < 1024 && gen.next < events; n++, gen.next += gen.step) {
                        long ts = Events.timestamp(gen.next, eventsPerMilli);
                        buffer.add(new long[] {keyOf.apply(gen.next), Events.value(gen.next), ts});
                    }
                    if (gen.next >= events) {
                        buffer.close();
                    }
                })
                .distributed(parallelism)
                .build();
        Sink<KeyedWindowResult<Long, Long>> sink = resultSink("results",
                r -> Events.resultHash(r.key(), r.start(), r.result()));
        Pipeline pipeline = Pipeline.create();
        // a batch source turned into a timestamped stream: when it ends, every window is emitted
        pipeline.readFrom(source).setLocalParallelism(parallelism)
                .addTimestamps(e -> e[2], Events.DISORDER_MILLIS)
                .groupingKey(e -> e[0])
                .window(window)
                .aggregate(aggregate)
                .setLocalParallelism(parallelism)
                .writeTo(sink);
        member.getJet().newJob(pipeline).join();
        return ResultSink.result();
    }

    /**
     * W5's window join on Jet, its nearest equivalent: both sides grouped by key into the same
     * tumbling windows with {@code aggregate2} (a list per side), then every pair of a window's lists
     * emitted by a flat map, as a user writes a join on Jet. Jet has no interval join.
     */
    public static Result windowJoin(HazelcastInstance member, long events, long eventsPerMilli, int parallelism) {
        ResultSink.reset();
        Pipeline pipeline = Pipeline.create();
        com.hazelcast.jet.pipeline.StreamStageWithKey<long[], Long> left = side(pipeline, events, eventsPerMilli, 0,
                parallelism);
        com.hazelcast.jet.pipeline.StreamStageWithKey<long[], Long> right = side(pipeline, events, eventsPerMilli, 1,
                parallelism);
        Sink<Long> sink = resultSink("pairs");
        left.window(WindowDefinition.tumbling(JoinJobs.WINDOW))
                .aggregate2(AggregateOperations.toList(), right, AggregateOperations.toList())
                .setLocalParallelism(parallelism)
                .flatMap(window -> pairs(window.key(), window.result().f0(), window.result().f1()))
                .setLocalParallelism(parallelism)
                .writeTo(sink);
        member.getJet().newJob(pipeline).join();
        return ResultSink.result();
    }

    /** {@link ResultSink} on Jet: each processor tallies the hashes it receives and adds them when it is done. */
    static Sink<Long> resultSink(String name) {
        return resultSink(name, hash -> hash);
    }

    /** {@link #resultSink(String)} of items whose hash {@code hashOf} gives. */
    static <T> Sink<T> resultSink(String name, com.hazelcast.function.FunctionEx<T, Long> hashOf) {
        return SinkBuilder.sinkBuilder(name, ctx -> new ResultSink.Tally())
                .<T>receiveFn((tally, item) -> tally.add(hashOf.applyEx(item)))
                .destroyFn(ResultSink.Tally::flush)
                .build();
    }

    /** Every pair of a window's two lists, as a traverser (Jet's lazy iterator). */
    private static com.hazelcast.jet.Traverser<Long> pairs(long key, java.util.List<long[]> lefts,
            java.util.List<long[]> rights) {
        int[] at = {0, 0};
        return () -> {
            if (rights.isEmpty() || at[0] == lefts.size()) {
                return null;
            }
            long hash = JoinJobs.pairHash(key, lefts.get(at[0])[2], rights.get(at[1])[2]);
            if (++at[1] == rights.size()) {
                at[1] = 0;
                at[0]++;
            }
            return hash;
        };
    }

    /** The events {@code i} with {@code i % 2 == side} as {key, value, timestamp}, timestamped and keyed. */
    private static com.hazelcast.jet.pipeline.StreamStageWithKey<long[], Long> side(Pipeline pipeline, long events,
            long eventsPerMilli, int side, int parallelism) {
        BatchSource<long[]> source = SourceBuilder
                .batch("side " + side, ctx -> new Generator(side + 2L * ctx.globalProcessorIndex(),
                        2L * ctx.totalParallelism()))
                .<long[]>fillBufferFn((gen, buffer) -> {
                    for (int n = 0; n < 1024 && gen.next < events; n++, gen.next += gen.step) {
                        buffer.add(new long[] {JoinJobs.key(gen.next), Events.value(gen.next),
                                Events.timestamp(gen.next, eventsPerMilli)});
                    }
                    if (gen.next >= events) {
                        buffer.close();
                    }
                })
                .distributed(parallelism)
                .build();
        return pipeline.readFrom(source).setLocalParallelism(parallelism)
                .addTimestamps(e -> e[2], Events.DISORDER_MILLIS)
                .groupingKey(e -> e[0]);
    }
}
