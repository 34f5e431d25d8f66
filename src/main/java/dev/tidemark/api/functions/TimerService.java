package dev.tidemark.api.functions;

/**
 * Time as an operator sees it: the current watermark and processing time, and (on keyed streams)
 * timers.
 */
public interface TimerService {

    /** The current processing time in epoch milliseconds (virtual time under the test driver). */
    long currentProcessingTime();

    /** The operator's current input watermark; {@code Long.MIN_VALUE} before the first one. */
    long currentWatermark();

    /**
     * Registers an event-time timer.
     *
     * @throws UnsupportedOperationException on a non-keyed stream
     */
    void registerEventTimeTimer(long time);

    /**
     * Registers a processing-time timer.
     *
     * @throws UnsupportedOperationException on a non-keyed stream
     */
    void registerProcessingTimeTimer(long time);

    /**
     * Deletes an event-time timer.
     *
     * @throws UnsupportedOperationException on a non-keyed stream
     */
    void deleteEventTimeTimer(long time);

    /**
     * Deletes a processing-time timer.
     *
     * @throws UnsupportedOperationException on a non-keyed stream
     */
    void deleteProcessingTimeTimer(long time);
}
