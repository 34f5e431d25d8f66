package dev.tidemark.runtime.operators;

import dev.tidemark.api.OutputTag;
import dev.tidemark.eventtime.Watermark;

/**
 * Where an operator emits: records by reference with a primitive timestamp (no wrapper per record),
 * side-output records, watermarks and watermark status.
 *
 * <p>Threading: the owning task's thread only. A record must not be changed after it was emitted.
 *
 * @param <T> the main output's element type
 */
public interface Output<T> {

    /** Timestamp value meaning "no timestamp". */
    long NO_TIMESTAMP = Long.MIN_VALUE;

    /**
     * Emits a record on the main output.
     *
     * @throws NullPointerException if {@code value} is null, naming the emitting operator
     */
    void collect(T value, long timestamp);

    /** Emits a record on side output {@code tag}; dropped if nothing consumes that side output. */
    <X> void collect(OutputTag<X> tag, X value, long timestamp);

    /** Forwards a watermark downstream. */
    void emitWatermark(Watermark watermark);

    /** Forwards a watermark status downstream. */
    void emitWatermarkStatus(WatermarkStatus status);
}
