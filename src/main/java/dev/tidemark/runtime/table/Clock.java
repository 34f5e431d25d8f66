package dev.tidemark.runtime.table;

import java.util.function.LongSupplier;

/** The processing time of the row being computed, for {@code PROCTIME()}: set by the function before each row. */
final class Clock implements LongSupplier {

    private long now;

    void set(long processingTime) {
        this.now = processingTime;
    }

    @Override
    public long getAsLong() {
        return now;
    }
}
