package dev.tidemark.runtime.operators;

import dev.tidemark.eventtime.Watermark;

/**
 * The operator SPI: one step of a chain, driven by the task thread.
 *
 * <p>Lifecycle: {@link #open} once, then any interleaving of {@link #processElement},
 * {@link #processWatermark}, {@link #processWatermarkStatus} and timer callbacks, then
 * {@link #endInput} once if the input ended (not on failure or cancellation), then {@link #close}
 * once in every case. Watermarks arrive already combined over the inputs and strictly increasing;
 * an operator that fires timers must do so before forwarding the watermark.
 *
 * <p>Threading: every method runs on the owning task's thread.
 *
 * @param <IN> the input element type
 */
public interface StreamOperator<IN> extends CheckpointedOperator {

    /** Prepares the operator; user functions' {@code open} runs here. */
    void open() throws Exception;

    /** Processes one record; {@code timestamp} is {@link Output#NO_TIMESTAMP} when it has none. */
    void processElement(IN value, long timestamp) throws Exception;

    /** Processes an advancing watermark. */
    void processWatermark(Watermark watermark) throws Exception;

    /** Processes a change of watermark status. */
    void processWatermarkStatus(WatermarkStatus status) throws Exception;

    /** The input has ended: flush what is buffered. */
    void endInput() throws Exception;

    /** Releases resources; user functions' {@code close} runs here. */
    void close() throws Exception;
}
