package dev.tidemark.runtime.operators;

import dev.tidemark.api.functions.TimeDomain;
import dev.tidemark.runtime.state.VoidNamespace;
import dev.tidemark.runtime.timers.Triggerable;

/**
 * The timers of a keyed process operator, whose function's {@code onTimer} tells the two time
 * domains apart by a {@link TimeDomain} only: both callbacks come to {@link #fire}.
 */
interface KeyTimerCallback<K> extends Triggerable<K, VoidNamespace> {

    /** Runs the function's {@code onTimer} for the timer of {@code key} at {@code timestamp}. */
    void fire(K key, long timestamp, TimeDomain domain) throws Exception;

    @Override
    default void onEventTime(K key, VoidNamespace namespace, long timestamp) throws Exception {
        fire(key, timestamp, TimeDomain.EVENT_TIME);
    }

    @Override
    default void onProcessingTime(K key, VoidNamespace namespace, long timestamp) throws Exception {
        fire(key, timestamp, TimeDomain.PROCESSING_TIME);
    }
}
