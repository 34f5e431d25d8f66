package dev.tidemark.benchmarks.nexmark;

import dev.tidemark.benchmarks.Result;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * A run's answers, across the sink instances of every engine in this JVM, one run at a time: how
 * many, and the sum of their {@link PublishedColumns published columns'} mixed hashes, which does
 * not depend on the order they come in. Of an updating query's results only the final answers
 * count: of a Tidemark {@link Upsert} each key's last, of a Flink SQL changelog the rows inserted
 * and not retracted (a retraction subtracts what its insertion added, so order does not matter).
 */
final class Answers {

    private static final LongAdder COUNT = new LongAdder();
    private static final LongAdder SUM = new LongAdder();
    private static final Map<Long, Upsert> UPSERTS = new ConcurrentHashMap<>();

    private Answers() {}

    static void reset() {
        COUNT.reset();
        SUM.reset();
        UPSERTS.clear();
    }

    static Result result() {
        long sum = SUM.sum();
        for (Upsert answer : UPSERTS.values()) {
            sum += mix(PublishedColumns.hash(answer));
        }
        return new Result(COUNT.sum() + UPSERTS.size(), sum);
    }

    /** A Tidemark query's result. */
    static void add(Object result) {
        if (result instanceof Upsert update) {
            UPSERTS.merge(update.key(), update, (a, b) -> a.version() >= b.version() ? a : b);
        } else {
            add(PublishedColumns.hash(result), 1);
        }
    }

    /** A row of the given hash, inserted ({@code sign} 1) or retracted (-1). */
    static void add(int hash, int sign) {
        COUNT.add(sign);
        SUM.add(sign * mix(hash));
    }

    /** A 32-bit hash spread over 64 bits, so that sums of many hashes rarely collide. */
    private static long mix(int hash) {
        long z = hash * 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        return z ^ (z >>> 31);
    }
}
