package dev.tidemark.runtime.metrics;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A value set by one thread (the owning task's) and read by any, such as an operator's current
 * input watermark.
 *
 * <p>Threading: {@link #set} on the owning thread only; {@link #get} from any thread.
 */
public final class Gauge {

    private static final VarHandle VALUE;

    static {
        try {
            VALUE = MethodHandles.lookup().findVarHandle(Gauge.class, "value", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @SuppressWarnings("unused") // accessed through VALUE
    private long value;

    public Gauge(long initial) {
        VALUE.setOpaque(this, initial);
    }

    public void set(long newValue) {
        VALUE.setOpaque(this, newValue);
    }

    public long get() {
        return (long) VALUE.getOpaque(this);
    }
}
