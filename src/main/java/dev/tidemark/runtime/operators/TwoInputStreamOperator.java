package dev.tidemark.runtime.operators;

import dev.tidemark.eventtime.Watermark;

/**
 * The operator SPI for two inputs. Watermarks arrive combined: the minimum of the two inputs'
 * watermarks (an idle input does not hold the other back), strictly increasing; likewise the status
 * is IDLE only when both inputs are idle.
 *
 * <p>Threading: every method runs on the owning task's thread.
 */
public interface TwoInputStreamOperator<IN1, IN2> extends CheckpointedOperator {

    void open() throws Exception;

    void processElement1(IN1 value, long timestamp) throws Exception;

    void processElement2(IN2 value, long timestamp) throws Exception;

    void processWatermark(Watermark watermark) throws Exception;

    void processWatermarkStatus(WatermarkStatus status) throws Exception;

    /** Both inputs have ended. */
    void endInput() throws Exception;

    void close() throws Exception;
}
