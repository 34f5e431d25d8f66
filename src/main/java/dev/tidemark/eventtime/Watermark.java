package dev.tidemark.eventtime;

/**
 * A watermark: the assertion that no more elements with a timestamp at or before {@link #timestamp()}
 * are expected on the stream that carries it.
 *
 * <p>Timestamps are epoch milliseconds. {@link Long#MIN_VALUE} is the initial watermark of every
 * stream and is never forwarded; {@link #MAX_WATERMARK} is sent at the end of a bounded input so that
 * every event-time timer and window fires.
 *
 * @param timestamp the watermark's time, epoch milliseconds
 * @param useProcessingTime whether this watermark stands for processing-time progress rather than
 *     event-time progress (see the parallel-execution documentation for how such watermarks combine)
 */
public record Watermark(long timestamp, boolean useProcessingTime) {

    /** The final watermark: everything has been seen. */
    public static final Watermark MAX_WATERMARK = new Watermark(Long.MAX_VALUE);

    /** Creates an event-time watermark. */
    /** The watermark's time, as Flink names it: {@link #timestamp()}. */
    public long getTimestamp() {
        return timestamp;
    }

    public Watermark(long timestamp) {
        this(timestamp, false);
    }

    /** Whether this is the final {@link Long#MAX_VALUE} watermark. */
    public boolean isFinal() {
        return timestamp == Long.MAX_VALUE;
    }
}
