package dev.tidemark.benchmarks;

/**
 * The shared, deterministic workload: event {@code i} has key {@code (i * 7919) % 10000}, value
 * {@code i % 100}, and timestamp {@code i / R} milliseconds minus a pseudo-random disorder of up to
 * 1000 ms. With a bounded out-of-orderness of 1000 ms no event is ever late, so every engine and
 * every parallelism computes the same results, whatever its watermark timing.
 *
 * <p>Those keys come in a cycle: every 10,000 events visit each key once, always in the same order,
 * so a table that keeps keys in arrival order is walked front to back. {@link #useKeyOrder} can draw
 * each event's key independently instead (still a function of {@code i}), as keys of real streams
 * come, or start with keys that never come back; every engine and the loop in one JVM read the same
 * setting.
 */
public final class Events {

    /** Maximum disorder, and the out-of-orderness bound, in milliseconds. */
    public static final long DISORDER_MILLIS = 1_000;

    /** Under {@code sparseFirst}, the events whose keys never come back, before the cycle starts. */
    public static final long SPARSE_EVENTS = 400_000;

    private static boolean randomKeys;
    private static boolean sparseFirst;

    private Events() {}

    /**
     * How keys follow each other, set before the jobs of a run start: {@code cyclic} (above),
     * {@code random} (drawn independently), or {@code sparseFirst}: the first {@value #SPARSE_EVENTS}
     * events each of a key of its own, never seen again (a backfill), then the cycle.
     *
     * @throws IllegalArgumentException for any other order
     */
    public static void useKeyOrder(String order) {
        if (!order.equals("cyclic") && !order.equals("random") && !order.equals("sparseFirst")) {
            throw new IllegalArgumentException("keyOrder is cyclic, random or sparseFirst: " + order);
        }
        randomKeys = order.equals("random");
        sparseFirst = order.equals("sparseFirst");
    }

    public static long key(long i) {
        if (sparseFirst && i < SPARSE_EVENTS) {
            return 10_000 + i;
        }
        if (randomKeys) {
            long h = (i + 1) * 0xBF58476D1CE4E5B9L;
            h ^= h >>> 31;
            h *= 0x94D049BB133111EBL;
            return Math.floorMod(h ^ (h >>> 29), 10_000L);
        }
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
