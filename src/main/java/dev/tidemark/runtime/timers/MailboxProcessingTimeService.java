package dev.tidemark.runtime.timers;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * The system clock, with timers scheduled on a shared scheduler whose only job is to put a mail
 * into the owning task's mailbox: no callback ever runs on the scheduler thread.
 *
 * <p>Threading: {@link #registerTimer} and {@link #shutdown} are called by the task thread; the
 * scheduler thread only calls the {@code mailbox} executor.
 */
public final class MailboxProcessingTimeService implements ProcessingTimeService {

    private final ScheduledExecutorService scheduler;
    private final Executor mailbox;
    private final Set<ScheduledTimer> pending = ConcurrentHashMap.newKeySet();
    private volatile boolean shutDown; // written by the task thread, read by the scheduler thread

    /**
     * @param scheduler the job's shared scheduler
     * @param mailbox puts a runnable into the task's mailbox
     */
    public MailboxProcessingTimeService(ScheduledExecutorService scheduler, Executor mailbox) {
        this.scheduler = scheduler;
        this.mailbox = mailbox;
    }

    @Override
    public long currentProcessingTime() {
        return System.currentTimeMillis();
    }

    @Override
    public Registration registerTimer(long timestamp, ProcessingTimeCallback callback) {
        ScheduledTimer timer = new ScheduledTimer(timestamp, callback);
        if (shutDown) {
            return timer;
        }
        pending.add(timer);
        long delay = Math.max(0, timestamp - currentProcessingTime());
        timer.future = scheduler.schedule(timer::enqueue, delay, TimeUnit.MILLISECONDS);
        return timer;
    }

    /** Cancels every pending timer; later registrations are ignored. */
    public void shutdown() {
        shutDown = true;
        for (ScheduledTimer timer : pending) {
            timer.cancel();
        }
        pending.clear();
    }

    private final class ScheduledTimer implements Registration {
        private final long timestamp;
        private final ProcessingTimeCallback callback;
        private volatile ScheduledFuture<?> future;
        private volatile boolean cancelled;

        ScheduledTimer(long timestamp, ProcessingTimeCallback callback) {
            this.timestamp = timestamp;
            this.callback = callback;
        }

        void enqueue() {
            if (!cancelled && !shutDown) {
                mailbox.execute(this::fire);
            }
        }

        private void fire() {
            pending.remove(this);
            if (!cancelled && !shutDown) {
                try {
                    callback.onProcessingTime(timestamp);
                } catch (RuntimeException e) {
                    throw e;
                } catch (Exception e) {
                    throw new TimerCallbackException(e);
                }
            }
        }

        @Override
        public void cancel() {
            cancelled = true;
            pending.remove(this);
            ScheduledFuture<?> f = future;
            if (f != null) {
                f.cancel(false);
            }
        }
    }

    /** Carries a checked exception out of a timer callback to the task that failed. */
    public static final class TimerCallbackException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        TimerCallbackException(Exception cause) {
            super(cause);
        }
    }
}
