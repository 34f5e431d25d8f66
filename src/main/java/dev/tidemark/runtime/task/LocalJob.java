package dev.tidemark.runtime.task;

import dev.tidemark.api.ExecutionConfig;
import dev.tidemark.api.JobClient;
import dev.tidemark.api.JobExecutionException;
import dev.tidemark.api.JobExecutionResult;
import dev.tidemark.api.JobStatus;
import dev.tidemark.api.TimeCharacteristic;
import dev.tidemark.checkpoint.CheckpointConfig;
import dev.tidemark.runtime.checkpoint.CheckpointStorage;
import dev.tidemark.runtime.checkpoint.CompletedCheckpoint;
import dev.tidemark.runtime.graph.JobGraph;
import dev.tidemark.runtime.operators.HeapReserve;
import dev.tidemark.runtime.metrics.MetricRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A job running on local threads, as one {@link JobAttempt} after another: when an attempt fails
 * and the restart strategy allows, its threads are stopped and a new attempt starts with every
 * operator restored from the latest completed checkpoint. The job ends when an attempt finishes, is
 * cancelled, or fails for good; no thread outlives {@link #await()}.
 *
 * <p>Threading: {@link JobClient} methods from any thread; attempt callbacks from task threads.
 */
public final class LocalJob implements JobClient, JobAttempt.Listener {

    /** How long cancelled threads have to stop before the job ends without them: await() returns within 2 s. */
    static final long CANCEL_GRACE_MILLIS = 1_500;
    static final String RESTARTS = "numRestarts";

    private static final Logger LOG = LoggerFactory.getLogger(LocalJob.class);
    private static final AtomicInteger JOB_IDS = new AtomicInteger();

    private final String name;
    private final JobGraph graph;
    private final ExecutionConfig config;
    private final TimeCharacteristic characteristic;
    private final MetricRegistry metrics = new MetricRegistry(System::currentTimeMillis);
    private final CheckpointCoordinator checkpoints;
    private final CompletedCheckpoint initialRestore;
    private final ScheduledThreadPoolExecutor housekeeping;
    private final CountDownLatch terminated = new CountDownLatch(1);
    private final CompletableFuture<Void> whenEnded = new CompletableFuture<>(); // completed with terminated
    private final CompletableFuture<JobExecutionResult> outcome = new CompletableFuture<>(); // as whenEnded
    private final Object lock = new Object();
    private final RestartTracker restarts;
    private long startNanos;
    private long endNanos;
    private JobAttempt attempt; // guarded by lock
    private int attempts; // guarded by lock
    private JobStatus status = JobStatus.CREATED; // guarded by lock
    private boolean cancelRequested; // guarded by lock
    private String failedOperator; // guarded by lock
    private Throwable failure; // guarded by lock
    private boolean ended; // guarded by lock
    private volatile Thread housekeepingThread; // written by its executor's thread factory
    private final TemporaryCheckpoints temporaryCheckpoints; // null unless the job checkpoints into a directory of its own

    /**
     * Wires the job's first attempt (restored from the configured savepoint, if any); nothing runs
     * until {@link #start()}.
     *
     * @throws dev.tidemark.api.TidemarkException if the savepoint to restore from cannot be read
     */
    public LocalJob(String name, JobGraph graph, ExecutionConfig config, TimeCharacteristic characteristic) {
        this.name = name;
        this.graph = graph;
        this.config = config;
        this.characteristic = characteristic;
        CheckpointConfig checkpointConfig = config.getCheckpointConfig();
        this.temporaryCheckpoints = TemporaryCheckpoints.createIfNeeded(name, checkpointConfig);
        this.restarts = new RestartTracker(checkpointConfig.getRestartStrategy());
        CompletedCheckpoint restore = initialRestore(name, checkpointConfig);
        this.initialRestore = restore == null ? null : checkMaxParallelism(restore);
        this.checkpoints = new CheckpointCoordinator(name, checkpointConfig, config.getMaxParallelism(), metrics,
                initialRestore == null ? 0 : initialRestore.checkpointId());
        int id = JOB_IDS.incrementAndGet();
        this.housekeeping = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, "tidemark-job-" + name + "-" + id);
            t.setDaemon(true);
            housekeepingThread = t;
            return t;
        });
        this.attempt = newAttempt(initialRestore);
    }

    /**
     * The explicit restore path's checkpoint; else, resuming from the latest, the directory's latest
     * complete checkpoint unless it ended a finished job; else none.
     */
    private static CompletedCheckpoint initialRestore(String name, CheckpointConfig config) {
        if (config.getRestoreFrom() != null) {
            CompletedCheckpoint explicit = CheckpointStorage.load(config.getRestoreFrom());
            Path dir = Files.exists(config.getRestoreFrom().resolve(CheckpointStorage.METADATA)) ? config.getRestoreFrom()
                    : new CheckpointStorage(config.getRestoreFrom(), Integer.MAX_VALUE).pathOf(explicit.checkpointId());
            if (CheckpointStorage.isOfFinishedJob(dir)) {
                LOG.warn("Restoring the final checkpoint of a job that finished: job={}, checkpoint={}; its sources"
                        + " have ended, so it will produce nothing new", name, dir);
            }
            return explicit;
        }
        if (!config.isResumeFromLatestCheckpoint() || config.getDirectory() == null) {
            return null;
        }
        CheckpointStorage storage = new CheckpointStorage(config.getDirectory(), Integer.MAX_VALUE);
        CompletedCheckpoint latest = storage.loadLatest();
        if (latest != null && CheckpointStorage.isOfFinishedJob(storage.pathOf(latest.checkpointId()))) {
            LOG.info("Starting afresh: job={}, the latest checkpoint ended a finished job: {}", name,
                    storage.pathOf(latest.checkpointId()));
            return null;
        }
        if (latest != null) {
            LOG.info("Resuming from the latest checkpoint: job={}, checkpoint={}", name, latest.checkpointId());
        }
        return latest;
    }

    private CompletedCheckpoint checkMaxParallelism(CompletedCheckpoint restore) {
        if (restore.maxParallelism() != config.getMaxParallelism()) {
            throw new IllegalStateException("restored checkpoint must have the job's max parallelism: checkpoint="
                    + restore.maxParallelism() + ", job=" + config.getMaxParallelism()
                    + "; key groups cannot be redistributed to another number of key groups");
        }
        return restore;
    }

    private JobAttempt newAttempt(CompletedCheckpoint restore) {
        if (restore != null) {
            LOG.info("Restoring job: job={}, from={}", name, restore);
        }
        return new JobAttempt(name, ++attempts, graph, config, characteristic, metrics, checkpoints, restore, this);
    }

    /** Starts the first attempt and periodic checkpoints. */
    public LocalJob start() {
        HeapReserve.restore(); // an earlier job that ran out of memory used it
        JobAttempt first;
        synchronized (lock) {
            status = JobStatus.RUNNING;
            first = attempt;
        }
        startNanos = System.nanoTime();
        LOG.info("Job started: job={}, tasks={}", name, first.tasks().size());
        checkpoints.attach(first.tasks(), first);
        first.start();
        checkpoints.start();
        long logInterval = config.getMetricsLogInterval().toMillis();
        if (logInterval > 0) {
            try {
                housekeeping.scheduleAtFixedRate(() -> LOG.info("Metrics: job={}, {}", name, metrics.snapshot()),
                        logInterval, logInterval, TimeUnit.MILLISECONDS);
            } catch (java.util.concurrent.RejectedExecutionException ended) {
                // the job has ended already: nothing to log
            }
        }
        return this;
    }

    @Override
    public String jobName() {
        return name;
    }

    @Override
    public JobStatus status() {
        synchronized (lock) {
            return status;
        }
    }

    @Override
    public Map<String, Long> metrics() {
        return metrics.snapshot();
    }

    @Override
    public CompletableFuture<Path> triggerSavepoint(Path directory) {
        java.util.Objects.requireNonNull(directory, "directory must not be null");
        return checkpoints.triggerSavepoint(directory);
    }

    @Override
    public CompletableFuture<Void> cancel() {
        JobAttempt current;
        synchronized (lock) {
            if (status.isTerminal() || cancelRequested) {
                return whenEnded;
            }
            cancelRequested = true;
            current = attempt;
        }
        LOG.info("Job cancelling: job={}", name);
        current.cancelAll();
        try {
            housekeeping.schedule(() -> abandonIfStuck(current), CANCEL_GRACE_MILLIS, TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.RejectedExecutionException alreadyEnded) {
            // the job ended meanwhile
        }
        return whenEnded;
    }

    @Override
    public CompletableFuture<JobExecutionResult> getJobExecutionResult() {
        return outcome;
    }

    /**
     * The watchdog of a cancellation: threads still running {@link #CANCEL_GRACE_MILLIS} after
     * {@code cancel()} are blocked where an interrupt does not reach (a socket read, a monitor). A
     * library cannot kill them, nor the JVM as Flink's task manager does: each is logged with its
     * stack, left to end on its own, and the job ends as cancelled.
     */
    private void abandonIfStuck(JobAttempt cancelled) {
        java.util.List<Thread> stuck = cancelled.liveThreads();
        synchronized (lock) {
            if (status.isTerminal() || stuck.isEmpty()) {
                return;
            }
        }
        for (Thread thread : stuck) {
            StringBuilder stack = new StringBuilder();
            for (StackTraceElement frame : thread.getStackTrace()) {
                stack.append("\n\tat ").append(frame);
            }
            LOG.warn("Thread has not stopped {} ms after cancel(), left to end on its own: job={}, thread={}; user"
                    + " code must return when interrupted or cancelled{}", CANCEL_GRACE_MILLIS, name, thread.getName(),
                    stack);
        }
        cancelled.abandon();
        terminate();
    }

    @Override
    public JobExecutionResult await() throws InterruptedException {
        terminated.await();
        return result();
    }

    @Override
    public JobExecutionResult await(Duration timeout) throws InterruptedException, TimeoutException {
        if (!terminated.await(timeout.toNanos(), TimeUnit.NANOSECONDS)) {
            throw new TimeoutException("job did not end in time: job=" + name + ", timeout=" + timeout);
        }
        return result();
    }

    private JobExecutionResult result() throws InterruptedException {
        JobAttempt last;
        synchronized (lock) {
            last = attempt;
        }
        last.join(); // every attempt reported its end; wait for the last instructions of its threads
        awaitHousekeeper();
        return outcome(last);
    }

    /** The ended job's result, or the exception that says why there is none. */
    private JobExecutionResult outcome(JobAttempt last) {
        synchronized (lock) {
            if (status == JobStatus.FAILED) {
                throw new JobExecutionException("job '" + name + "' failed: operator '" + failedOperator
                        + "' threw " + failure, failedOperator, failure);
            }
            if (status == JobStatus.CANCELED) {
                throw new CancellationException("job was cancelled: job=" + name);
            }
            return new JobExecutionResult(name, Duration.ofNanos(endNanos - startNanos), last.accumulators().results());
        }
    }

    @Override
    public void attemptFailed(JobAttempt failed, String operatorName, Throwable cause) {
        synchronized (lock) {
            if (failed != attempt || cancelRequested) {
                LOG.debug("Further failure after the job stopped: job={}, operator={}", name, operatorName, cause);
                failed.cancelAll();
                return;
            }
        }
        LOG.error("Job failing: job={}, operator={}", name, operatorName, cause);
        failed.cancelAll();
    }

    @Override
    public void attemptTerminated(JobAttempt ended) {
        Duration delay = null;
        synchronized (lock) {
            if (ended.failure() != null && !cancelRequested) {
                // a JVM error (out of memory, a stack overflow) would likely come back: fatal for the job
                delay = isFatal(ended.failure()) ? null : restarts.onFailure(System.currentTimeMillis());
                if (delay == null) {
                    failure = ended.failure();
                    failedOperator = ended.failedOperator();
                } else {
                    status = JobStatus.RESTARTING;
                }
            }
        }
        if (delay == null) {
            terminate();
            return;
        }
        LOG.info("Job restarting: job={}, restart={}, delay={}", name, restarts.restarts(), delay);
        metrics.counter(name, RESTARTS).inc();
        housekeeping.schedule(() -> restart(ended), delay.toMillis(), TimeUnit.MILLISECONDS);
    }

    private static boolean isFatal(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof VirtualMachineError) {
                return true;
            }
        }
        return false;
    }

    /** On the housekeeping thread: a new attempt from the latest completed checkpoint. */
    private void restart(JobAttempt ended) {
        JobAttempt next;
        try {
            ended.join();
            CompletedCheckpoint latest = checkpoints.latestCheckpoint();
            next = newAttempt(latest != null ? latest : initialRestore);
        } catch (Throwable t) {
            synchronized (lock) {
                failure = t;
                failedOperator = "restart";
            }
            terminate();
            return;
        }
        synchronized (lock) {
            if (cancelRequested) {
                next = null;
            } else {
                attempt = next;
                status = JobStatus.RUNNING;
            }
        }
        if (next == null) {
            terminate();
            return;
        }
        checkpoints.attach(next.tasks(), next);
        next.start();
    }

    private void terminate() {
        synchronized (lock) {
            if (ended) {
                return; // an abandoned attempt's threads ended after all
            }
            ended = true;
        }
        checkpoints.shutdown();
        housekeeping.shutdownNow();
        synchronized (lock) {
            endNanos = System.nanoTime();
            status = failure != null ? JobStatus.FAILED : cancelRequested ? JobStatus.CANCELED : JobStatus.FINISHED;
        }
        if (status() == JobStatus.FINISHED) {
            checkpoints.markJobFinished();
        }
        if (temporaryCheckpoints != null) {
            temporaryCheckpoints.remove();
        }
        LOG.info("Job ended: job={}, status={}", name, status());
        terminated.countDown();
        JobAttempt last;
        synchronized (lock) {
            last = attempt;
        }
        awaitHousekeeper(); // whoever waits on the futures below finds no thread of the job left
        try {
            outcome.complete(outcome(last));
        } catch (RuntimeException why) {
            outcome.completeExceptionally(why);
        }
        whenEnded.complete(null);
    }

    /** Waits for the housekeeping thread, shut down with the job, to end (unless this is it). */
    private void awaitHousekeeper() {
        Thread housekeeper = housekeepingThread;
        if (housekeeper != null && housekeeper != Thread.currentThread()) {
            try {
                housekeeper.join(TimeUnit.SECONDS.toMillis(10));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt(); // the futures still complete; the caller sees the interrupt
            }
        }
    }
}
