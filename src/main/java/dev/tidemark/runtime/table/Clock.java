package dev.tidemark.runtime.table;

import java.util.function.LongSupplier;

/**
 * The processing time for {@code PROCTIME()}, read from the task's clock only when an expression
 * asks (reading a clock per row would cost a system call for tables without one).
 */
final class Clock implements LongSupplier {

    private LongSupplier source = () -> {
        throw new IllegalStateException("the clock is read before a row came");
    };

    /** Reads {@code processingTime} from now on; its context stays the same for a function's life. */
    void readFrom(LongSupplier processingTime) {
        this.source = processingTime;
    }

    @Override
    public long getAsLong() {
        return source.getAsLong();
    }
}
