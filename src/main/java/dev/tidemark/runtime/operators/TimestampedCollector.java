package dev.tidemark.runtime.operators;

import dev.tidemark.api.functions.Collector;

/**
 * A reusable {@link Collector} that stamps every value with the timestamp of the input being
 * processed: one instance per operator, so nothing is allocated per record.
 */
public final class TimestampedCollector<T> implements Collector<T> {

    private final Output<T> output;
    private long timestamp = Output.NO_TIMESTAMP;

    public TimestampedCollector(Output<T> output) {
        this.output = output;
    }

    public void setTimestamp(long timestamp) {
        this.timestamp = timestamp;
    }

    @Override
    public void collect(T value) {
        output.collect(value, timestamp);
    }
}
