package dev.tidemark.runtime.task;

import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One named daemon thread that runs work now or later, and that {@link #stop} ends and waits for,
 * thread included (an executor reports termination just before its worker thread ends). Cancelled
 * work leaves its queue at once, so timeouts cancelled by the thousand do not pile up.
 *
 * <p>Threading: any thread submits; one thread stops it.
 */
final class SingleThreadScheduler {

    private static final Logger LOG = LoggerFactory.getLogger(SingleThreadScheduler.class);

    private final String name;
    private final ScheduledThreadPoolExecutor pool;
    private volatile Thread thread; // written by the pool's thread factory, read by stop

    SingleThreadScheduler(String name) {
        this.name = name;
        this.pool = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            thread = t;
            return t;
        });
        this.pool.setRemoveOnCancelPolicy(true);
    }

    /** @throws java.util.concurrent.RejectedExecutionException once stopped */
    void execute(Runnable work) {
        pool.execute(work);
    }

    /** @throws java.util.concurrent.RejectedExecutionException once stopped */
    ScheduledFuture<?> schedule(Runnable work, long delayMillis) {
        return pool.schedule(work, delayMillis, TimeUnit.MILLISECONDS);
    }

    /** @throws java.util.concurrent.RejectedExecutionException once stopped */
    void scheduleWithFixedDelay(Runnable work, long initialDelayMillis, long delayMillis) {
        pool.scheduleWithFixedDelay(work, initialDelayMillis, delayMillis, TimeUnit.MILLISECONDS);
    }

    /** Interrupts what runs, drops what waits, and waits up to 10 s for the thread to end. */
    void stop() {
        pool.shutdownNow();
        try {
            Thread own = thread;
            boolean stopped = pool.awaitTermination(10, TimeUnit.SECONDS);
            if (stopped && own != null && own != Thread.currentThread()) {
                own.join(TimeUnit.SECONDS.toMillis(10));
                stopped = !own.isAlive();
            }
            if (!stopped) {
                LOG.warn("Thread has not stopped: thread={}", name);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
