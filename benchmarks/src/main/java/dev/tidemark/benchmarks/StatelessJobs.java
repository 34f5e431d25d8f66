package dev.tidemark.benchmarks;

import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.jet.pipeline.BatchSource;
import com.hazelcast.jet.pipeline.Pipeline;
import com.hazelcast.jet.pipeline.Sink;
import com.hazelcast.jet.pipeline.SinkBuilder;
import com.hazelcast.jet.pipeline.SourceBuilder;
import dev.tidemark.api.StreamExecutionEnvironment;

/**
 * W0: map and filter into a sink that only counts and sums: the per-element cost of each engine
 * with no state at all. The result's "count" is the number of elements kept and its "checksum" the
 * sum of their mapped values.
 */
public final class StatelessJobs {

    private StatelessJobs() {}

    static long mapped(long key, long value) {
        return key * 31 + value;
    }

    static boolean kept(long mapped) {
        return (mapped & 3) != 0;
    }

    public static Result baseline(long events) {
        long count = 0;
        long checksum = 0;
        for (long i = 0; i < events; i++) {
            Event e = new Event(Events.key(i), Events.value(i), Events.timestamp(i, 100));
            long m = mapped(e.key(), e.value());
            if (kept(m)) {
                count++;
                checksum += m;
            }
        }
        return new Result(count, checksum);
    }

    public static Result tidemark(long events, int parallelism) throws InterruptedException {
        ResultSink.reset();
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create().setParallelism(parallelism);
        env.addSource(new GeneratorSource(events, 100)).setParallelism(parallelism)
                .map(e -> mapped(e.key(), e.value()))
                .filter(StatelessJobs::kept)
                .addSink(new ResultSink());
        env.execute("W0 stateless");
        return ResultSink.result();
    }

    /** W0 on Flink's local environment, which starts a mini cluster per job (what {@code StartupBenchmark} measures). */
    public static Result flink(long events, int parallelism) throws Exception {
        var env = flinkJob(events, parallelism);
        env.execute("W0 stateless on Flink");
        return ResultSink.result();
    }

    /** W0 on the kept {@link FlinkCluster}: the job without the cluster's start. */
    public static Result flinkOnKeptCluster(long events, int parallelism) throws Exception {
        FlinkCluster.execute(flinkJob(events, parallelism), "W0 stateless on Flink");
        return ResultSink.result();
    }

    @SuppressWarnings("deprecation")
    private static org.apache.flink.streaming.api.environment.StreamExecutionEnvironment flinkJob(long events,
            int parallelism) {
        ResultSink.reset();
        var env = org.apache.flink.streaming.api.environment.StreamExecutionEnvironment.createLocalEnvironment(
                parallelism, new org.apache.flink.configuration.Configuration());
        env.getConfig().enableObjectReuse();
        env.fromSequence(0, events - 1)
                .map(i -> mapped(Events.key(i), Events.value(i)))
                .filter(StatelessJobs::kept)
                .addSink(new FlinkJobs.Sink());
        return env;
    }

    public static Result jet(HazelcastInstance member, long events, int parallelism) {
        ResultSink.reset();
        BatchSource<Long> source = SourceBuilder
                .batch("generator", ctx -> new JetJobs.Generator(ctx.globalProcessorIndex(), ctx.totalParallelism()))
                .<Long>fillBufferFn((gen, buffer) -> {
                    for (int n = 0; n < 1024 && gen.next < events; n++, gen.next += gen.step) {
                        buffer.add(gen.next);
                    }
                    if (gen.next >= events) {
                        buffer.close();
                    }
                })
                .distributed(parallelism)
                .build();
        Sink<Long> sink = JetJobs.resultSink("results");
        Pipeline pipeline = Pipeline.create();
        pipeline.readFrom(source).setLocalParallelism(parallelism)
                .map(i -> mapped(Events.key(i), Events.value(i))).setLocalParallelism(parallelism)
                .filter(StatelessJobs::kept).setLocalParallelism(parallelism)
                .writeTo(sink);
        member.getJet().newJob(pipeline).join();
        return ResultSink.result();
    }
}
