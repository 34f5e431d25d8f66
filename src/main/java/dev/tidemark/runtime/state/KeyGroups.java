package dev.tidemark.runtime.state;

/**
 * Maps keys to key groups and key groups to parallel instances. The hash is Flink's (murmur3's
 * finalizer over {@code key.hashCode()}), so a key lands in the same key group on both, except that
 * enums (and records holding them) hash by name through {@link KeyHash}, so that their key groups
 * are the same in every process.
 */
public final class KeyGroups {

    private KeyGroups() {}

    /**
     * The key group of {@code key}, in {@code [0, maxParallelism)}.
     *
     * @throws IllegalArgumentException if the key has no stable hash (see {@link KeyHash})
     */
    public static int assignToKeyGroup(Object key, int maxParallelism) {
        return murmurHash(KeyHash.of(key)) % maxParallelism;
    }

    /** The key group of the {@code long} key {@code key}: that of {@code Long.valueOf(key)}, without boxing it. */
    public static int assignToKeyGroup(long key, int maxParallelism) {
        return murmurHash(Long.hashCode(key)) % maxParallelism;
    }

    /** The parallel instance that owns {@code keyGroup}. */
    public static int operatorIndexForKeyGroup(int maxParallelism, int parallelism, int keyGroup) {
        return keyGroup * parallelism / maxParallelism;
    }

    static int murmurHash(int code) {
        code *= 0xcc9e2d51;
        code = Integer.rotateLeft(code, 15);
        code *= 0x1b873593;
        code = Integer.rotateLeft(code, 13);
        code = code * 5 + 0xe6546b64;
        code ^= 4;
        code ^= code >>> 16;
        code *= 0x85ebca6b;
        code ^= code >>> 13;
        code *= 0xc2b2ae35;
        code ^= code >>> 16;
        if (code >= 0) {
            return code;
        }
        return code != Integer.MIN_VALUE ? -code : 0;
    }
}
