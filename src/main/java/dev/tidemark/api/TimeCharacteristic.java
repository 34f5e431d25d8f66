package dev.tidemark.api;

/** Which clock drives time-based operations of a job. */
public enum TimeCharacteristic {
    /** Elements carry the time they happened; watermarks say how far that time has progressed. The default. */
    EVENT_TIME,
    /**
     * Elements get the processing time at which they enter the job as their timestamp, and watermarks
     * follow the processing clock (aligned to the auto-watermark interval). Source timestamps and
     * watermarks are ignored.
     */
    INGESTION_TIME,
    /** Operations use the machine's clock; elements carry no timestamps and source watermarks are ignored. */
    PROCESSING_TIME
}
