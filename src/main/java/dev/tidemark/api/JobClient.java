package dev.tidemark.api;

import java.time.Duration;
import java.util.concurrent.TimeoutException;

/**
 * A handle on a job started with {@link StreamExecutionEnvironment#executeAsync(String)}.
 *
 * <p>Threading: every method may be called from any thread.
 */
public interface JobClient {

    /** The job's name. */
    String jobName();

    /** The job's current status. */
    JobStatus status();

    /**
     * The job's counters by {@code "<operator>.<metric>"}, for example
     * {@code "Window.numLateRecordsDropped"}; a snapshot, readable while the job runs and after.
     */
    java.util.Map<String, Long> metrics();

    /** The job's current status, as Flink's {@code JobClient} gives it. */
    default java.util.concurrent.CompletableFuture<JobStatus> getJobStatus() {
        return java.util.concurrent.CompletableFuture.completedFuture(status());
    }

    /**
     * Cancels the job: every source is cancelled and interrupted, every task stops after its current
     * element, operators are closed. Returns at once; {@link #await()} waits for the threads to end.
     * A no-op on a job that has ended.
     *
     * @return completes when the job has ended (as Flink's, a future to wait on with
     *     {@code cancel().get()}); {@link #await()} also waits for its threads' last instructions
     */
    java.util.concurrent.CompletableFuture<Void> cancel();

    /**
     * The job's result once it ends, as Flink's {@code JobClient} gives it: completes with the result
     * when the job finishes, exceptionally with a {@link JobExecutionException} when it fails and a
     * {@link java.util.concurrent.CancellationException} when it is cancelled.
     */
    java.util.concurrent.CompletableFuture<JobExecutionResult> getJobExecutionResult();

    /**
     * Takes a savepoint: a checkpoint written to {@code directory}/savepoint-&lt;id&gt; that is never
     * deleted, from which a new run of the same program can start (also at another parallelism) with
     * {@code CheckpointConfig#setRestoreFrom}. The job keeps running. Needs a job with checkpointing
     * enabled: sources take the checkpoint lock per element only then.
     *
     * @return completes with the savepoint's directory, or exceptionally if it could not be taken
     *     (checkpointing disabled, no source running, or the files could not be written)
     */
    java.util.concurrent.CompletableFuture<java.nio.file.Path> triggerSavepoint(java.nio.file.Path directory);

    /**
     * Waits until every thread of the job has ended.
     *
     * @return the result if the job finished
     * @throws JobExecutionException if the job failed (the cause is the original exception)
     * @throws java.util.concurrent.CancellationException if the job was cancelled
     * @throws InterruptedException if the waiting thread is interrupted (the job keeps running)
     */
    JobExecutionResult await() throws InterruptedException;

    /**
     * As {@link #await()}, giving up after {@code timeout}.
     *
     * @throws TimeoutException if the job is still running after {@code timeout}
     */
    JobExecutionResult await(Duration timeout) throws InterruptedException, TimeoutException;
}
