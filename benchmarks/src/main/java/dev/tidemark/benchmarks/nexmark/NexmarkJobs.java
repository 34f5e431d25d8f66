package dev.tidemark.benchmarks.nexmark;

import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.api.sink.SinkFunction;
import dev.tidemark.benchmarks.Result;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Runs a query over the generator's events on an engine, into a sink that counts the results and
 * sums a hash of each (order-independent), so that engines can be held to the same answer: the
 * query as written, embedded, and the same query through the Flink runner on Flink's mini cluster.
 */
public final class NexmarkJobs {

    private NexmarkJobs() {}

    /** The query embedded, at {@code parallelism}. */
    public static Result tidemark(NexmarkQuery query, NexmarkConfig config, int parallelism) throws Exception {
        Checksum.reset();
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create().setParallelism(parallelism);
        build(env, query, config);
        env.execute("NEXMark " + query);
        return Checksum.result();
    }

    /** The same query translated by the Flink runner, on Flink's mini cluster kept for the JVM. */
    public static Result throughFlinkRunner(NexmarkQuery query, NexmarkConfig config, int parallelism) throws Exception {
        Checksum.reset();
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create().setParallelism(parallelism);
        build(env, query, config);
        org.apache.flink.streaming.api.environment.StreamExecutionEnvironment flink =
                org.apache.flink.streaming.api.environment.StreamExecutionEnvironment.getExecutionEnvironment();
        dev.tidemark.flink.FlinkRunner.translate(env, flink);
        dev.tidemark.benchmarks.FlinkCluster.execute(flink, "NEXMark " + query + " through the Flink runner");
        return Checksum.result();
    }

    @SuppressWarnings("unchecked")
    private static void build(StreamExecutionEnvironment env, NexmarkQuery query, NexmarkConfig config) {
        ((dev.tidemark.api.DataStream<Object>) query.on(NexmarkStreams.events(env, new NexmarkSource(config))))
                .addSink(new Checksum()).name("checksum");
    }

    /**
     * Counts results and sums their mixed hashes, across instances and engines in this JVM, one run
     * at a time; of an updating query's results ({@link Upsert}) only each key's last counts, since
     * the order of the updates depends on timing and the answers do not.
     */
    static final class Checksum implements SinkFunction<Object> {
        private static final long serialVersionUID = 1L;
        private static final LongAdder COUNT = new LongAdder();
        private static final LongAdder SUM = new LongAdder();
        private static final Map<Long, Upsert> ANSWERS = new ConcurrentHashMap<>();

        static void reset() {
            COUNT.reset();
            SUM.reset();
            ANSWERS.clear();
        }

        static Result result() {
            long sum = SUM.sum();
            for (Upsert answer : ANSWERS.values()) {
                sum += mix(answer.hashCode());
            }
            return new Result(COUNT.sum() + ANSWERS.size(), sum);
        }

        @Override
        public void invoke(Object result, Context context) {
            if (result instanceof Upsert update) {
                ANSWERS.merge(update.key(), update, (a, b) -> a.version() >= b.version() ? a : b);
            } else {
                COUNT.increment();
                SUM.add(mix(result.hashCode()));
            }
        }

        /** A 32-bit hash spread over 64 bits, so that sums of many hashes rarely collide. */
        static long mix(int hash) {
            long z = hash * 0x9E3779B97F4A7C15L;
            z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
            return z ^ (z >>> 31);
        }
    }
}
