package dev.tidemark.benchmarks.nexmark;

import com.hazelcast.core.HazelcastInstance;
import dev.tidemark.benchmarks.JetJobs;
import java.util.ArrayList;
import java.util.List;

/**
 * The latency of each query's results (p50, p99, max) with the source limited to a wall-clock
 * rate, at parallelism 1: embedded, through the Flink runner, in Flink SQL where its rows hold
 * the time they stand for ({@link FlinkSqlQueries#resultTime}), and on Jet where it runs the query
 * ({@link JetNexmark}). Event time runs at the wall rate (the generator's events per second set to
 * it), so a result's latency is how long after its timestamp's moment it reached the sink
 * ({@link Latencies}). Every run is held to the same answers.
 *
 * <p>{@code java -cp benchmarks/target/benchmarks.jar dev.tidemark.benchmarks.nexmark.NexmarkLatency [events] [rate] [queries...]}
 */
public final class NexmarkLatency {

    private NexmarkLatency() {}

    public static void main(String[] args) throws Exception {
        long events = args.length > 0 ? Long.parseLong(args[0]) : 1_000_000;
        double rate = args.length > 1 ? Double.parseDouble(args[1]) : 100_000;
        List<NexmarkQuery> queries = new ArrayList<>();
        for (int i = 2; i < args.length; i++) {
            queries.add(NexmarkQuery.valueOf(args[i]));
        }
        if (queries.isEmpty()) { // q12's timestamps are processing times: it has no latency in this sense
            queries.addAll(List.of(NexmarkQuery.values()));
            queries.remove(NexmarkQuery.q12);
        }
        NexmarkConfig config = NexmarkConfig.defaults(events, 2026).withEventsPerSecond(rate);
        HazelcastInstance jet = JetJobs.startMember();
        System.out.printf("%d events at %.0f events/s; latency in ms%n", events, rate);
        System.out.printf("%-5s %-12s %10s %10s %10s %10s%n", "query", "engine", "results", "p50", "p99", "max");
        for (NexmarkQuery query : queries) {
            var expected = NexmarkJobs.tidemark(query, config, 1); // unlimited: the answers to hold every run to
            for (String engine : List.of("tidemark", "flinkRunner", "flinkSql", "jet")) {
                if (engine.equals("jet") && !JetNexmark.timesResults(query)
                        || engine.equals("flinkSql") && FlinkSqlQueries.resultTime(query).isEmpty()) {
                    continue;
                }
                WallClock.reset();
                Latencies.start(config.baseTime());
                var result = switch (engine) {
                    case "tidemark" -> NexmarkJobs.tidemark(query, new NexmarkSource(config, rate), 1);
                    case "flinkRunner" -> NexmarkJobs.throughFlinkRunner(query, new NexmarkSource(config, rate), 1);
                    case "flinkSql" -> NexmarkJobs.flinkSql(query, new FlinkNexmarkSource(config, rate), 1);
                    default -> JetNexmark.run(jet, query, config, 1, rate);
                };
                long[] latencies = Latencies.stop();
                if (query.isDeterministicAt(1)) {
                    result.requireEqualTo(expected);
                }
                System.out.printf("%-5s %-12s %10d %10.1f %10.1f %10.1f%n", query, engine, latencies.length,
                        Latencies.percentileMillis(latencies, 50), Latencies.percentileMillis(latencies, 99),
                        Latencies.percentileMillis(latencies, 100));
            }
        }
        System.exit(0); // the kept Flink cluster's threads
    }
}
