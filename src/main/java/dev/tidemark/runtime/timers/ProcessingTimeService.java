package dev.tidemark.runtime.timers;

/**
 * The processing-time clock of one task, and timers on it.
 *
 * <p>Threading: used only by the owning task's thread (or the test driver's caller thread); callbacks
 * run on that same thread, never on a scheduler thread.
 */
public interface ProcessingTimeService {

    /** The current processing time in epoch milliseconds. */
    long currentProcessingTime();

    /**
     * Runs {@code callback} on the task's thread once the clock reaches {@code timestamp} (at once, in
     * the next mailbox round, if it already has).
     *
     * @return a handle to cancel the timer
     */
    Registration registerTimer(long timestamp, ProcessingTimeCallback callback);

    /** A registered timer. */
    @FunctionalInterface
    interface Registration {
        /** Cancels the timer; a no-op if it already fired. */
        void cancel();
    }
}
