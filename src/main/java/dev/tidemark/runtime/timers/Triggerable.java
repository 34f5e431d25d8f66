package dev.tidemark.runtime.timers;

/** What a keyed operator does when one of its timers fires; the timer's key is already current. */
public interface Triggerable<K, N> {

    void onEventTime(InternalTimer<K, N> timer) throws Exception;

    void onProcessingTime(InternalTimer<K, N> timer) throws Exception;
}
