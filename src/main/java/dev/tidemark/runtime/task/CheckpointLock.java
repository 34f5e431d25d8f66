package dev.tidemark.runtime.task;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * The checkpoint lock of one source instance: the monitor the source emits under (what
 * {@code getCheckpointLock()} hands it) and the checkpoint coordinator takes to snapshot it between
 * two elements. The coordinator says when it wants the lock ({@link #want}), so that a source
 * draining a burst of elements under it ({@link SourceContextImpl#drain}) lets go at its next
 * element rather than at the end of the burst, and waits for it before it takes the lock again.
 *
 * <p>Threading: {@link #want} and {@link #unwant} on any thread but the source's; the rest on the
 * source's thread.
 */
final class CheckpointLock {

    private static final int SPINS = 64;
    private static final long PARK_NANOS = 10_000;

    private final AtomicInteger wanted = new AtomicInteger();
    private boolean draining; // whether the source's thread is in a burst: its contexts' writes take no lock then

    /** Announces a thread that is about to take the monitor; pairs with {@link #unwant}, once it has let go. */
    void want() {
        wanted.incrementAndGet();
    }

    void unwant() {
        wanted.decrementAndGet();
    }

    /** Whether another thread waits for the monitor, or is about to. */
    boolean isWanted() {
        return wanted.get() != 0;
    }

    /** On the source's thread, not holding the monitor: lets whoever wants it have it first. */
    void awaitUnwanted() {
        for (int spins = 0; isWanted(); spins++) {
            if (spins < SPINS) {
                Thread.onSpinWait();
            } else {
                LockSupport.parkNanos(this, PARK_NANOS);
            }
        }
    }

    boolean isDraining() {
        return draining;
    }

    void setDraining(boolean draining) {
        this.draining = draining;
    }
}
