package dev.tidemark.api;

/** Where a job is in its life. */
public enum JobStatus {
    /** Submitted; its threads are starting. */
    CREATED,
    /** Processing. */
    RUNNING,
    /** An operator failed; the job is stopping its tasks to restart from its latest checkpoint. */
    RESTARTING,
    /** Every input ended and every operator finished. */
    FINISHED,
    /** Cancelled by {@link JobClient#cancel()}. */
    CANCELED,
    /** An operator threw; every task was stopped. */
    FAILED;

    /** Whether the job has ended and all its threads have stopped. */
    public boolean isTerminal() {
        return this == FINISHED || this == CANCELED || this == FAILED;
    }
}
