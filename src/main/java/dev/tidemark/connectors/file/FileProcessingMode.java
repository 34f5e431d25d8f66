package dev.tidemark.connectors.file;

/** Whether a file source reads what is there once, or keeps watching for new and changed files. */
public enum FileProcessingMode {
    /** Read the files present when the job starts, then end (sending the final watermark). */
    PROCESS_ONCE,
    /**
     * Every interval, read files that appeared and files modified since they were read. A modified
     * file is read again from its start, so its earlier lines are emitted again (as in Flink):
     * append-only writers should write new files instead.
     */
    PROCESS_CONTINUOUSLY
}
