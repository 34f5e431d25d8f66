package dev.tidemark.benchmarks.nexmark;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * The wall clock that rate-limited sources share in this JVM, whatever their engine: the first
 * instance to start sets when event 0 is due, and event {@code n} is due {@code n / rate} seconds
 * later, so that instances emitting shares of the events keep one pace and {@link Latencies} knows
 * when any event was due.
 */
final class WallClock {

    private static final AtomicLong ORIGIN_NANOS = new AtomicLong();

    private WallClock() {}

    /** Forgets the last run's origin: the next {@link #start()} sets a new one. */
    static void reset() {
        ORIGIN_NANOS.set(0);
    }

    /** Sets the origin if no instance has yet, and returns it. */
    static long start() {
        ORIGIN_NANOS.compareAndSet(0, System.nanoTime());
        return ORIGIN_NANOS.get();
    }

    /** When event 0 was due on {@link System#nanoTime()}, once a source has started. */
    static long origin() {
        return ORIGIN_NANOS.get();
    }

    /** When event {@code n} is due on {@link System#nanoTime()} at {@code eventsPerSecond}. */
    static long due(long originNanos, long n, double eventsPerSecond) {
        return originNanos + (long) (n * 1e9 / eventsPerSecond);
    }

    /** Parks until event {@code n} is due: at most one event's spacing after the last one. */
    static void awaitDue(long originNanos, long n, double eventsPerSecond) {
        long due = due(originNanos, n, eventsPerSecond);
        long wait;
        while ((wait = due - System.nanoTime()) > 0) {
            LockSupport.parkNanos(Math.min(wait, TimeUnit.MILLISECONDS.toNanos(10)));
        }
    }
}
