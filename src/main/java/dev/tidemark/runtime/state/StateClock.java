package dev.tidemark.runtime.state;

/**
 * The times state time-to-live is measured against, as the owning operator knows them.
 *
 * <p>Threading: the owning task's thread only.
 */
public interface StateClock {

    long currentProcessingTime();

    long currentWatermark();

    /** The event time of what is being processed: the element's or timer's timestamp. */
    long currentEventTime();
}
