package dev.tidemark.runtime.task;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The chain lock: exclusion between its fast and slow ways in, no starving waiter, no silent reentry. */
class ChainLockTest {

    private final ChainLock lock = new ChainLock();
    private long counter; // guarded by lock, deliberately not volatile: the lock must order it

    /** A thread that takes the chain the task thread's way {@code rounds} times, counting each time. */
    private Thread taskThread(String name, int rounds) {
        return new Thread(() -> {
            for (int i = 0; i < rounds; i++) {
                lock.lock();
                try {
                    counter++;
                } finally {
                    lock.unlock();
                }
            }
        }, name);
    }

    @Test
    @Timeout(120)
    void sourcesAndOthers_neverHoldTheChainTogether() throws Exception {
        int rounds = 200_000;
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 2; t++) {
            threads.add(new Thread(() -> {
                for (int i = 0; i < rounds; i++) {
                    boolean slow = lock.lockBySource();
                    try {
                        counter++;
                    } finally {
                        lock.unlockBySource(slow);
                    }
                }
            }, "source-" + t));
        }
        for (int t = 0; t < 2; t++) {
            threads.add(taskThread("task-" + t, rounds / 100));
        }
        threads.forEach(Thread::start);
        for (Thread thread : threads) {
            thread.join();
        }
        lock.lock();
        try {
            assertThat(counter).isEqualTo(2L * rounds + 2L * (rounds / 100));
        } finally {
            lock.unlock();
        }
    }

    @Test
    @Timeout(120)
    void aWaiter_getsTheChainWhileTheSourceTakesItWithoutPause() throws Exception {
        AtomicBoolean stop = new AtomicBoolean();
        CountDownLatch sourceRunning = new CountDownLatch(1);
        Thread source = new Thread(() -> {
            while (!stop.get()) {
                boolean slow = lock.lockBySource();
                try {
                    counter++;
                    sourceRunning.countDown();
                } finally {
                    lock.unlockBySource(slow);
                }
            }
        }, "source");
        source.start();
        assertThat(sourceRunning.await(1, TimeUnit.MINUTES)).isTrue();
        for (int i = 0; i < 1_000; i++) { // each lock() returns only if the busy source lets it in
            lock.lock();
            lock.unlock();
        }
        stop.set(true);
        source.join();
        assertThat(counter).isPositive();
    }

    @Test
    @Timeout(120)
    void anInterruptedWaiter_stillWaitsForTheChain_andKeepsItsInterrupt() throws Exception {
        boolean slow = lock.lockBySource();
        Thread waiter = new Thread(() -> {
            Thread.currentThread().interrupt();
            lock.lock();
            try {
                counter = Thread.currentThread().isInterrupted() ? 1 : -1;
            } finally {
                lock.unlock();
            }
        }, "task");
        waiter.start();
        while (waiter.getState() != Thread.State.TIMED_WAITING && waiter.isAlive()) {
            Thread.onSpinWait(); // the waiter parks between looks at the chain once its spins are spent
        }
        assertThat(waiter.isAlive()).as("it waits while the chain is held").isTrue();
        lock.unlockBySource(slow);
        waiter.join();
        lock.lock();
        try {
            assertThat(counter).as("it got the chain, still interrupted").isEqualTo(1);
        } finally {
            lock.unlock();
        }
    }

    @Test
    void takingItTwice_isRefusedRatherThanHanging() {
        boolean slow = lock.lockBySource();
        try {
            assertThatThrownBy(lock::lock).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("the chain lock is not reentrant: thread " + Thread.currentThread().getName());
        } finally {
            lock.unlockBySource(slow);
        }
        lock.lock();
        try {
            assertThatThrownBy(lock::lockBySource).isInstanceOf(IllegalStateException.class);
        } finally {
            lock.unlock();
        }
        boolean again = lock.lockBySource();
        assertThat(again).as("free again: the fast way").isFalse();
        lock.unlockBySource(again);
    }

    /**
     * A source that holds the chain across a burst and lets go only when {@code othersWaiting} says
     * so: every waiter gets in during the burst (they would hang otherwise), one at a time with the
     * source, whichever way (fast or slow) the source took it back.
     */
    @Test
    @Timeout(120)
    void aSourceHoldingTheChainAcrossABurst_letsEveryWaiterIn_oneAtATime() throws Exception {
        int waits = 2_000;
        AtomicBoolean waitersDone = new AtomicBoolean();
        long[] sourceSteps = new long[1];
        Thread source = new Thread(() -> {
            boolean slow = lock.lockBySource();
            try {
                while (!waitersDone.get()) {
                    if (lock.othersWaiting(slow)) {
                        lock.unlockBySource(slow);
                        slow = lock.lockBySource();
                    }
                    counter++;
                    sourceSteps[0]++;
                }
            } finally {
                lock.unlockBySource(slow);
            }
        }, "source");
        List<Thread> waiters = new ArrayList<>();
        for (int t = 0; t < 2; t++) {
            waiters.add(taskThread("task-" + t, waits));
        }
        source.start();
        waiters.forEach(Thread::start);
        for (Thread waiter : waiters) {
            waiter.join();
        }
        waitersDone.set(true);
        source.join();
        lock.lock();
        try {
            assertThat(counter).isEqualTo(sourceSteps[0] + 2L * waits);
        } finally {
            lock.unlock();
        }
    }

    @Test
    void othersWaiting_countsNeitherTheSourceNorNobody() throws Exception {
        boolean slow = lock.lockBySource();
        assertThat(lock.othersWaiting(slow)).isFalse();
        Thread waiter = new Thread(() -> {
            lock.lock();
            lock.unlock();
        }, "task");
        waiter.start();
        while (!lock.othersWaiting(slow)) {
            Thread.onSpinWait(); // until the waiter has announced itself
        }
        lock.unlockBySource(slow);
        waiter.join();
        lock.lock(); // the slow way: the holder is counted as announced, and is not "others"
        try {
            assertThat(lock.othersWaiting(true)).isFalse();
        } finally {
            lock.unlock();
        }
    }
}
