package dev.tidemark.table;

/**
 * Whether a timestamp column is a time attribute, and of which time. Only a source declares one (a
 * {@code WATERMARK FOR} column, a {@code PROCTIME()} column, a schema's rowtime); it stays one
 * while it is only passed on, and any expression over it makes the result {@link #REGULAR}.
 */
public enum TimeKind {
    /** A plain value: not a time attribute. */
    REGULAR,
    /** Event time: the column's values are the rows' timestamps, and watermarks are about them. */
    ROWTIME,
    /** Processing time: read from the clock where the column is used. */
    PROCTIME
}
