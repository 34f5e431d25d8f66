package dev.tidemark.benchmarks;

/**
 * The shared, deterministic workload: event {@code i} has key {@code (i * 7919) % 10000}, value
 * {@code i % 100}, and timestamp {@code i / R} milliseconds minus a pseudo-random disorder of up to
 * 1000 ms. With a bounded out-of-orderness of 1000 ms no event is ever late, so every engine and
 * every parallelism computes the same results, whatever its watermark timing.
 */
public final class Events {

    /** Maximum disorder, and the out-of-orderness bound, in milliseconds. */
    public static final long DISORDER_MILLIS = 1_000;

    private Events() {}

    public static long key(long i) {
        return (i * 7919) % 10_000;
    }

    public static long value(long i) {
        return i % 100;
    }

    /** @param eventsPerMilli R: events per millisecond of event time */
    public static long timestamp(long i, long eventsPerMilli) {
        long mixed = i * 0x9E3779B97F4A7C15L;
        long disorder = Math.floorMod(mixed >>> 40, DISORDER_MILLIS);
        return i / eventsPerMilli - disorder + DISORDER_MILLIS;
    }

    /** An order-independent checksum of one window result. */
    public static long resultHash(long key, long windowStart, long sum) {
        long h = key * 0x9E3779B97F4A7C15L ^ windowStart * 0xC2B2AE3D27D4EB4FL ^ sum * 0x165667B19E3779F9L;
        return h ^ (h >>> 29);
    }
}
