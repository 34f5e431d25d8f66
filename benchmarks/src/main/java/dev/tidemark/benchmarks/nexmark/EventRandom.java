package dev.tidemark.benchmarks.nexmark;

/**
 * The random numbers of one event: a SplitMix64 sequence started from the seed and the event's
 * number, so every event's values are the same whichever generator instance makes it, in whatever
 * order. Reseeded per event rather than made anew: nothing is allocated per event.
 */
final class EventRandom {

    private final long seed;
    private long state;

    EventRandom(long seed) {
        this.seed = seed;
    }

    /** Starts the numbers of event {@code n}. */
    void reset(long n) {
        state = mix(seed ^ mix(n + 0x632BE59BD9B4E019L));
    }

    long nextLong() {
        state += 0x9E3779B97F4A7C15L;
        return mix(state);
    }

    /** Uniform in {@code [0, bound)}; {@code bound} must be positive. */
    int nextInt(int bound) {
        return (int) (((nextLong() >>> 33) * bound) >>> 31);
    }

    /** Uniform in {@code [0, bound)}; {@code bound} must be positive. */
    long nextLong(long bound) {
        return bound <= Integer.MAX_VALUE ? nextInt((int) bound) : Math.floorMod(nextLong(), bound);
    }

    /** Uniform in {@code [0, 1)}. */
    double nextDouble() {
        return (nextLong() >>> 11) * 0x1.0p-53;
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
