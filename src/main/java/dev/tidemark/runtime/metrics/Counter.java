package dev.tidemark.runtime.metrics;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A count written by one thread (the owning task's) and read by any. Writes are opaque stores, as
 * cheap as a plain store on the record path; readers see a recent value.
 *
 * <p>Threading: {@link #inc} and {@link #add} on the owning thread only; {@link #get} from any thread.
 */
public final class Counter {

    private static final VarHandle COUNT;

    static {
        try {
            COUNT = MethodHandles.lookup().findVarHandle(Counter.class, "count", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @SuppressWarnings("unused") // accessed through COUNT
    private long count;

    public void inc() {
        add(1);
    }

    public void add(long delta) {
        COUNT.setOpaque(this, (long) COUNT.getOpaque(this) + delta);
    }

    public long get() {
        return (long) COUNT.getOpaque(this);
    }
}
