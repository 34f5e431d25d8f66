package dev.tidemark.table;

import dev.tidemark.api.JobClient;
import java.util.Optional;
import java.util.concurrent.ExecutionException;

/**
 * What {@link StreamTableEnvironment#executeSql} did: nothing more for a CREATE, and for an
 * {@code INSERT INTO} the job it started, which runs until its sources end (or for ever, for an
 * unbounded source) and can be waited for or cancelled.
 */
public final class TableResult {

    private final JobClient job;

    TableResult(JobClient job) {
        this.job = job;
    }

    /** The job an {@code INSERT INTO} started; empty for other statements. */
    public Optional<JobClient> getJobClient() {
        return Optional.ofNullable(job);
    }

    /**
     * Waits until the statement's job has ended; returns at once for a statement without one.
     *
     * @throws ExecutionException if the job failed or was cancelled, with the cause
     */
    public void await() throws InterruptedException, ExecutionException {
        if (job != null) {
            try {
                job.getJobExecutionResult().get();
            } catch (java.util.concurrent.CancellationException e) {
                throw new ExecutionException("the job '" + job.jobName() + "' was cancelled", e);
            }
        }
    }
}
