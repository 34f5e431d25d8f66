package dev.tidemark.benchmarks;

/**
 * W2 (keyBy, 10 s event-time windows sliding by 1 s, count) on every engine against the loop; see {@link WindowWorkloadBenchmark}.
 *
 * <p>{@code java -jar benchmarks/target/benchmarks.jar SlidingWindowBenchmark -prof gc}
 */
public class SlidingWindowBenchmark extends WindowWorkloadBenchmark {

    @Override
    protected Result baseline(long events, long eventsPerMilli) {
        return SlidingWindowJobs.baseline(events, eventsPerMilli);
    }

    @Override
    protected Result tidemark(long events, long eventsPerMilli, int parallelism) throws InterruptedException {
        return SlidingWindowJobs.tidemark(events, eventsPerMilli, parallelism);
    }

    @Override
    protected Result flink(long events, long eventsPerMilli, int parallelism) throws Exception {
        return FlinkJobs.sliding(events, eventsPerMilli, parallelism);
    }

    @Override
    protected Result jet(JetJobs.Member jet, long events, long eventsPerMilli, int parallelism) {
        return JetJobs.sliding(jet.member, events, eventsPerMilli, parallelism);
    }
}
