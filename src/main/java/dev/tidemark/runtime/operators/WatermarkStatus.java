package dev.tidemark.runtime.operators;

/** Whether a stream currently promises watermarks. */
public enum WatermarkStatus {
    /** Watermarks flow; operators that combine inputs wait for this one. */
    ACTIVE,
    /** Nothing will arrive for a while; operators that combine inputs do not wait for it. */
    IDLE
}
