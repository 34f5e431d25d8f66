package dev.tidemark.runtime.task;

import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * Which owned splits of a source instance are paused by watermark alignment: written by the task
 * thread, read by the source thread through {@code SplitContext.isPaused}.
 *
 * <p>Threading: {@link #set} on the task thread; {@link #isPaused} on any thread.
 */
public final class SplitPauses {

    private final AtomicIntegerArray paused;

    SplitPauses(int channels) {
        this.paused = new AtomicIntegerArray(channels);
    }

    void set(int channel, boolean pause) {
        paused.lazySet(channel, pause ? 1 : 0);
    }

    /** Whether the split behind channel {@code channel} should not be read for now. */
    public boolean isPaused(int channel) {
        return paused.get(channel) == 1;
    }
}
