package dev.tidemark.benchmarks.nexmark;

import dev.tidemark.benchmarks.JetJobs;
import dev.tidemark.benchmarks.Result;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * NEXMark's queries over the generator's events (NEXMark's defaults: 10,000 events per second of
 * event time, persons, auctions and bids 1 : 3 : 46) at parallelism 1 and 2: embedded, through the
 * Flink runner on Flink's kept mini cluster, as NEXMark's published Flink SQL on the same cluster,
 * and on Hazelcast Jet where its pipeline API expresses the query ({@link JetNexmark}). One operation is one event; every run's
 * results are held to the embedded run's at parallelism 1 (count and checksum) where the query is
 * deterministic.
 *
 * <p>{@code java -jar benchmarks/target/benchmarks.jar NexmarkBenchmark -prof gc}; the engines that
 * do not run a query fail its row (q6 in SQL; q3, q4, q6, q9 and q12 on Jet), so select them with
 * {@code -p query=...} to keep the report clean.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
// AlwaysPreTouch: without it, each engine's rate falls 3-4x for seconds whenever G1 grows its young
// generation onto pages the kernel has not yet handed over (a page fault per 4 KB allocated), which in
// 1 s iterations measures the kernel, not the engine. shutdownTimeout: the kept Flink cluster's threads
// would hold each fork 30 s.
@Fork(value = 1, jvmArgsAppend = {"-Xms4g", "-Xmx4g", "-XX:+AlwaysPreTouch", "-Djmh.shutdownTimeout=0"})
@Warmup(iterations = 2)
@Measurement(iterations = 3)
public class NexmarkBenchmark {

    static final int EVENTS = 1_000_000;
    static final NexmarkConfig CONFIG = NexmarkConfig.defaults(EVENTS, 2026);

    @Param({"q0", "q1", "q2", "q3", "q4", "q5", "q6", "q7", "q8", "q9", "q11", "q12"})
    public NexmarkQuery query;

    @Param({"1", "2"})
    public int parallelism;

    private Result expected;

    @Setup(Level.Trial)
    public void computeExpected() throws Exception {
        expected = NexmarkJobs.tidemark(query, CONFIG, 1);
    }

    private Result checked(Result result) {
        return query.isDeterministicAt(parallelism) ? result.requireEqualTo(expected) : result;
    }

    /** The query as written, embedded. */
    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public Result tidemark() throws Exception {
        return checked(NexmarkJobs.tidemark(query, CONFIG, parallelism));
    }

    /** The same query through the Flink runner, on Flink. */
    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public Result flinkRunner() throws Exception {
        return checked(NexmarkJobs.throughFlinkRunner(query, CONFIG, parallelism));
    }

    /** The query's published Flink SQL; fails for q6, which Flink's SQL does not run. */
    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public Result flinkSql() throws Exception {
        return checked(NexmarkJobs.flinkSql(query, CONFIG, parallelism));
    }

    /** The query on Hazelcast Jet, on one member kept for the trial; fails for a query not written on Jet. */
    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public Result jet(JetJobs.Member jet) {
        return checked(JetNexmark.run(jet.member(), query, CONFIG, parallelism));
    }
}
