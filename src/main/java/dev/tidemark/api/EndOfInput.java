package dev.tidemark.api;

/**
 * What a bounded input does when it is exhausted: a deliberate choice, because it decides whether the
 * last event-time windows and timers fire.
 */
public enum EndOfInput {
    /**
     * Send the final {@code Long.MAX_VALUE} watermark, so every pending event-time timer and window
     * fires, then end the input. The default, as in Flink.
     */
    EMIT_FINAL_WATERMARK,
    /**
     * End the input at the last real watermark: pending event-time timers and windows do not fire.
     * Useful in tests that assert a window has not fired yet, and for jobs that will be resumed.
     */
    KEEP_LAST_WATERMARK
}
