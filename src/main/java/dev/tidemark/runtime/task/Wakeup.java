package dev.tidemark.runtime.task;

import java.util.concurrent.locks.LockSupport;

/**
 * How other threads wake a parked task thread: its input queues and its mailbox share one, so the
 * thread can park once for all of them.
 *
 * <p>Threading: {@link #wake} from any thread; {@link #park} on the owning task thread only.
 */
final class Wakeup {

    private volatile Thread owner; // written once by the owner before any producer starts
    private volatile boolean parked; // written by the owner, read by wakers

    void bind(Thread thread) {
        this.owner = thread;
    }

    void wake() {
        if (parked) {
            Thread t = owner;
            if (t != null) {
                LockSupport.unpark(t);
            }
        }
    }

    /** Wakes the owner even if it is not parked yet (for cancellation and mail). */
    void wakeAlways() {
        Thread t = owner;
        if (t != null) {
            LockSupport.unpark(t);
        }
    }

    /** Parks for at most {@code maxNanos} unless {@code stillIdle} turns false after announcing it. */
    void park(long maxNanos, java.util.function.BooleanSupplier stillIdle) {
        parked = true;
        if (stillIdle.getAsBoolean()) {
            LockSupport.parkNanos(this, maxNanos);
        }
        parked = false;
    }
}
