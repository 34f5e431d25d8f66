package dev.tidemark.runtime.flink;

import dev.tidemark.api.functions.Collector;

/**
 * The Tidemark collector an adapter hands its function: made once, it passes each element to the
 * Flink collector of the call at hand, so no collector is made per element.
 */
final class Forward<T> implements Collector<T> {

    private org.apache.flink.util.Collector<T> flink;

    /** This collector, now passing to {@code flink}. */
    Forward<T> to(org.apache.flink.util.Collector<T> flink) {
        this.flink = flink;
        return this;
    }

    @Override
    public void collect(T value) {
        flink.collect(value);
    }
}
