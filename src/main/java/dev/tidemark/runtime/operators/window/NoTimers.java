package dev.tidemark.runtime.operators.window;

import dev.tidemark.runtime.timers.InternalTimer;
import dev.tidemark.runtime.timers.Triggerable;

/**
 * The timer target of a window operator that keeps its own firing order and registers no timers
 * in its timer service (which it keeps for the watermark, and for the timers it writes into
 * snapshots): a timer that fires anyway is a bug, and says whose.
 *
 * @param operator what the operator is, for the message
 */
record NoTimers<K, N>(String operator) implements Triggerable<K, N> {

    @Override
    public void onEventTime(K key, N namespace, long timestamp) {
        throw new IllegalStateException(operator + " register no timers: timer=" + new InternalTimer<>(key, namespace,
                timestamp));
    }

    @Override
    public void onProcessingTime(K key, N namespace, long timestamp) {
        throw new IllegalStateException(operator + " register no timers: timer=" + new InternalTimer<>(key, namespace,
                timestamp));
    }
}
