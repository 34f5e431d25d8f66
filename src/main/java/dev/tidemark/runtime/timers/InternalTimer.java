package dev.tidemark.runtime.timers;

/**
 * A pending timer as snapshots see it: one (key, namespace, timestamp). The {@link TimerQueue} keeps
 * one timer per triple, as a slot of its own rather than this object (see {@link TimerSlots}).
 *
 * @param key the key it is for
 * @param namespace the window, side or {@code VoidNamespace} it is for
 * @param timestamp when it fires
 * @param <K> key type
 * @param <N> namespace type
 */
public record InternalTimer<K, N>(K key, N namespace, long timestamp) {}
