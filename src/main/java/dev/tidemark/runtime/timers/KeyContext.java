package dev.tidemark.runtime.timers;

/** Sets the key that state accesses refer to; the timer service sets it before firing a timer. */
@FunctionalInterface
public interface KeyContext<K> {

    void setCurrentKey(K key);
}
