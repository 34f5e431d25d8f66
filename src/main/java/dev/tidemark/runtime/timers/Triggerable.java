package dev.tidemark.runtime.timers;

/**
 * What a keyed operator does when one of its timers fires; the timer's key is already current. The
 * timer is given by its parts, so that firing one allocates nothing.
 */
public interface Triggerable<K, N> {

    void onEventTime(K key, N namespace, long timestamp) throws Exception;

    void onProcessingTime(K key, N namespace, long timestamp) throws Exception;
}
