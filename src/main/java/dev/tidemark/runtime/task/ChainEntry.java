package dev.tidemark.runtime.task;

import dev.tidemark.eventtime.Watermark;
import dev.tidemark.runtime.operators.WatermarkStatus;

/**
 * Where a task's input enters its chain: records of input 0 or 1, and the combined watermark and
 * status of all inputs.
 *
 * <p>Threading: the task thread only.
 */
interface ChainEntry {

    void record(int input, Object value, long timestamp);

    void watermark(Watermark watermark);

    void status(WatermarkStatus status);

    /** Every input has ended. */
    void endInput();
}
