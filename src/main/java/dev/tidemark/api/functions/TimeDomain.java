package dev.tidemark.api.functions;

/** Which clock a timer belongs to. */
public enum TimeDomain {
    /** Fired by watermarks. */
    EVENT_TIME,
    /** Fired by the processing-time clock. */
    PROCESSING_TIME
}
