package dev.tidemark.eventtime;

/**
 * Generates watermarks from the events it sees ({@link #onEvent}) and, for periodic generation,
 * whenever the runtime asks ({@link #onPeriodicEmit}, every {@code autoWatermarkInterval} of
 * processing time).
 *
 * <p>Threading: both methods are called on the owning task's thread only; implementations need no
 * synchronisation.
 *
 * @param <T> the element type
 */
public interface WatermarkGenerator<T> {

    /** Called for every element after its timestamp was assigned; punctuated generators emit here. */
    void onEvent(T event, long eventTimestamp, WatermarkOutput output);

    /** Called every auto-watermark interval; periodic generators emit here. */
    void onPeriodicEmit(WatermarkOutput output);
}
