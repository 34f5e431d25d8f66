package dev.tidemark.runtime.task;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What a source pays per element to enter its chain, uncontended: the {@link ChainLock}'s fast way
 * against the fair {@code ReentrantLock} it replaced and against no lock at all.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 3)
public class ChainLockBenchmark {

    private final ChainLock chainLock = new ChainLock();
    private final ReentrantLock fairLock = new ReentrantLock(true);
    private long counter;

    @Benchmark
    public long chainLock() {
        boolean slow = chainLock.lockBySource();
        try {
            return ++counter;
        } finally {
            chainLock.unlockBySource(slow);
        }
    }

    @Benchmark
    public long fairReentrantLock() {
        fairLock.lock();
        try {
            return ++counter;
        } finally {
            fairLock.unlock();
        }
    }

    @Benchmark
    public long noLock() {
        return ++counter;
    }
}
