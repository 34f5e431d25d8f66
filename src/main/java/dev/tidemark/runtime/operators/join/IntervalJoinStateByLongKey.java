package dev.tidemark.runtime.operators.join;

import dev.tidemark.runtime.operators.KeyedStateCounts;
import dev.tidemark.runtime.operators.KeyedSupport;
import dev.tidemark.runtime.operators.SnapshotAction;
import dev.tidemark.runtime.state.KeyGroups;
import dev.tidemark.runtime.state.StateTable;
import dev.tidemark.runtime.state.VoidNamespace;
import dev.tidemark.state.ValueState;

/**
 * An interval join's buffers when both sides' keys are {@code long}s: in a table of the operator's
 * own, found by the key unboxed, where keyed state would box it, hash the box for its key group and
 * look it up by object. A snapshot holds them where the general path keeps them (a value state under
 * each key), so either path restores the other's.
 *
 * <p>Threading: the owning task's thread only.
 */
final class IntervalJoinStateByLongKey<K, T1, T2> {

    private final LongKeyedValues<IntervalJoinBuffers<T1, T2>> byKey = new LongKeyedValues<>();
    private final KeyedSupport<?, K> keyed;
    private final StateTable<K, VoidNamespace, IntervalJoinBuffers<T1, T2>> state; // filled only for a snapshot or by a restore
    private final int maxParallelism;
    private long currentKey;
    private IntervalJoinBuffers<T1, T2> found; // the current key's buffers as found, null if it had none

    /** @param stateName the name of the value state the general path keeps the buffers in */
    IntervalJoinStateByLongKey(KeyedSupport<?, K> keyed, String stateName, int maxParallelism) {
        this.keyed = keyed;
        this.state = keyed.backend().table(stateName, ValueState.class);
        this.maxParallelism = maxParallelism;
    }

    /**
     * Makes {@code key} current (unboxed: boxed only if a timer or the user's function asks for it),
     * with {@code timestamp} as the event time, and returns its buffers, null if it has none.
     */
    IntervalJoinBuffers<T1, T2> select(long key, long timestamp) {
        keyed.setLongKey(key, timestamp);
        currentKey = key;
        found = byKey.get(key);
        return found;
    }

    /** The buffers of a timer's key, which the timer service made current; null if it has none. */
    IntervalJoinBuffers<T1, T2> selectTimerKey(K key) {
        currentKey = (Long) key; // the keys of both sides' LongKeySelectors
        found = byKey.get(currentKey);
        return found;
    }

    /** Keeps {@code buffers} as the current key's, or drops the key if they are empty. */
    void store(IntervalJoinBuffers<T1, T2> buffers) {
        if (buffers.isEmpty()) {
            if (found != null) {
                byKey.remove(currentKey);
            }
        } else if (buffers != found) {
            byKey.put(currentKey, buffers);
        }
        found = null;
    }

    /** {@code keyed}'s counts, with every key's buffers counted as the one value they are in keyed state. */
    KeyedStateCounts countsBeside(KeyedStateCounts keyed) {
        return new KeyedStateCounts() {
            @Override
            public long numKeyedStateEntries() {
                return keyed.numKeyedStateEntries() + byKey.size();
            }

            @Override
            public int numEventTimeTimers() {
                return keyed.numEventTimeTimers();
            }

            @Override
            public int numProcessingTimeTimers() {
                return keyed.numProcessingTimeTimers();
            }
        };
    }

    /** Runs {@code snapshot} while every key's buffers are also in keyed state; empties it after. */
    @SuppressWarnings("unchecked")
    void whileInKeyedState(SnapshotAction snapshot) throws Exception {
        byKey.forEach((key, buffers) -> state.put((K) Long.valueOf(key), KeyGroups.assignToKeyGroup(key, maxParallelism),
                VoidNamespace.INSTANCE, buffers));
        try {
            snapshot.take();
        } finally {
            state.clear();
        }
    }

    /**
     * Takes the buffers a restore put in keyed state, then empties it.
     *
     * @throws IllegalStateException if a restored key is not a {@code Long} (the snapshot of a
     *     program keyed otherwise)
     */
    void readFromKeyedState(String operatorName) {
        for (int group = 0; group < maxParallelism; group++) {
            state.forEach(group, (key, namespace, buffers) -> {
                if (!(key instanceof Long longKey)) {
                    throw new IllegalStateException("cannot restore operator '" + operatorName + "': key " + key
                            + " (" + key.getClass().getName() + ") is not a long, but both inputs are keyed by a "
                            + "LongKeySelector");
                }
                byKey.put(longKey, buffers);
            });
        }
        state.clear();
    }
}
