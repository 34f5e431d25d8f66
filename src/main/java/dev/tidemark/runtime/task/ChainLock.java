package dev.tidemark.runtime.task;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The lock of a source vertex's chain, biased to the source thread, which takes it once per element
 * (or once for a burst of elements it emits from memory, letting go between two of them when
 * {@link #othersWaiting} says so). The source's fast path is one compare-and-set to take it and a plain release store to give it back;
 * a fair {@code ReentrantLock} costs a second fenced write per element (13.2 against 6.6 ns in
 * {@code ChainLockBenchmark}; a stateless job ran 1.2x faster without it).
 *
 * <p>Everyone else (the task thread with its mail, the checkpoint coordinator with a barrier) goes
 * through {@link #lock()}: they announce themselves, queue fairly on an inner lock, then take the
 * chain as soon as the source lets go. A source that sees anyone announced queues behind them too,
 * so the task thread gets the chain at the source's next element however fast the source emits.
 * The source's release does not fence, so it may miss a waiter that announced itself a moment
 * before; that waiter retries after at most {@link #RECHECK_NANOS}, and the source's next element
 * sees it anyway.
 *
 * <p>Mutual exclusion is the {@code state} word alone: it orders the memory effects of everyone
 * who holds the chain, as a lock must.
 */
final class ChainLock {

    private static final VarHandle STATE;
    /** How long a waiter parks before it looks at the chain again, should the source miss waking it. */
    static final long RECHECK_NANOS = TimeUnit.MICROSECONDS.toNanos(100);
    private static final int SPINS = 64;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(ChainLock.class, "state", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @SuppressWarnings("unused") // through STATE
    private volatile int state; // 1 while someone holds the chain
    private final AtomicInteger announced = new AtomicInteger(); // threads in or waiting for the inner lock
    private final ReentrantLock queue = new ReentrantLock(true);
    private volatile Thread waiter; // the one thread that holds the inner lock and waits for the chain
    private Thread owner; // who holds the chain; written and compared by the holder only, to refuse reentry

    /**
     * The source thread's way in, per element (any thread may use it).
     *
     * @return whether it went the slow way, to hand to {@link #unlockBySource}
     */
    boolean lockBySource() {
        if (announced.get() == 0 && STATE.compareAndSet(this, 0, 1)) {
            owner = Thread.currentThread();
            return false;
        }
        wakeWaiter(); // it may have missed the last release
        lock();
        return true;
    }

    /** Pairs with {@link #lockBySource()}, given what it returned. */
    void unlockBySource(boolean slow) {
        if (slow) {
            unlock();
            return;
        }
        owner = null;
        STATE.setRelease(this, 0);
        if (announced.get() != 0) {
            wakeWaiter();
        }
    }

    /**
     * Whether anyone but the source waits for the chain: a source that holds it across a burst of
     * elements lets go at its next element when this says so.
     *
     * @param slow what {@link #lockBySource} returned to the source (a slow holder counts itself)
     */
    boolean othersWaiting(boolean slow) {
        return announced.get() > (slow ? 1 : 0);
    }

    /**
     * Everyone's way in: fair among those who use it, and ahead of the source's next element.
     *
     * @throws IllegalStateException if the calling thread holds the chain already: the lock is not
     *     reentrant, and waiting for itself would hang
     */
    void lock() {
        if (owner == Thread.currentThread()) {
            throw new IllegalStateException("the chain lock is not reentrant: thread " + owner.getName()
                    + " holds it already");
        }
        announced.incrementAndGet();
        queue.lock();
        waiter = Thread.currentThread();
        int spins = 0;
        boolean interrupted = false;
        while (!STATE.compareAndSet(this, 0, 1)) {
            if (++spins < SPINS) {
                Thread.onSpinWait();
            } else {
                LockSupport.parkNanos(this, RECHECK_NANOS);
                interrupted |= Thread.interrupted(); // an interrupted park returns at once: keep it for later, not spin
            }
        }
        waiter = null;
        owner = Thread.currentThread();
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** Pairs with {@link #lock()}. */
    void unlock() {
        owner = null;
        STATE.setRelease(this, 0);
        queue.unlock();
        announced.decrementAndGet();
    }

    private void wakeWaiter() {
        Thread w = waiter;
        if (w != null) {
            LockSupport.unpark(w);
        }
    }
}
