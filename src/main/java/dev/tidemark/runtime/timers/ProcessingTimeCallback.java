package dev.tidemark.runtime.timers;

/** What a processing-time timer runs; always on the owning task's thread. */
@FunctionalInterface
public interface ProcessingTimeCallback {

    /** @param timestamp the time the timer was registered for */
    void onProcessingTime(long timestamp) throws Exception;
}
