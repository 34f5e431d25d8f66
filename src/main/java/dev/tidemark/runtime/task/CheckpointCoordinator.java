package dev.tidemark.runtime.task;

import dev.tidemark.api.TidemarkException;
import dev.tidemark.checkpoint.CheckpointConfig;
import dev.tidemark.runtime.checkpoint.CheckpointBarrier;
import dev.tidemark.runtime.checkpoint.CheckpointStorage;
import dev.tidemark.runtime.checkpoint.CompletedCheckpoint;
import dev.tidemark.runtime.checkpoint.OperatorSnapshot;
import dev.tidemark.runtime.metrics.MetricRegistry;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Takes a job's checkpoints: triggers each at every running source (which snapshots its position and
 * sends a barrier), collects every task's acknowledgement (its operators' snapshots, taken when the
 * barrier had arrived on all its inputs), writes the completed checkpoint, and then tells every task.
 * A task or source that has finished counts with the snapshot it took when it finished; when all have
 * finished, a last checkpoint holds those snapshots and completes with
 * {@link CheckpointBarrier#FINAL_CHECKPOINT_ID}, so sinks commit their last results.
 *
 * <p>One checkpoint is pending at a time; one a source cannot take (it has not started) is aborted,
 * and so is one not acknowledged within the checkpoint timeout, which counts as a failure. The next
 * periodic checkpoint starts no sooner than the configured pause after the last one completed.
 *
 * <p>Threading: triggering, writing and notifying on the coordinator's own thread; expiry on a
 * timeout thread (a trigger may wait for a source's checkpoint lock); acknowledgements from task and
 * source threads.
 */
final class CheckpointCoordinator {

    static final String COMPLETED = "numberOfCompletedCheckpoints";
    static final String FAILED = "numberOfFailedCheckpoints";
    static final String LAST_SIZE = "lastCheckpointSize";
    static final String LAST_DURATION = "lastCheckpointDuration";

    private static final Logger LOG = LoggerFactory.getLogger(CheckpointCoordinator.class);

    private final String jobName;
    private final CheckpointConfig config;
    private final int maxParallelism;
    private final CheckpointStorage storage;
    private final SingleThreadScheduler executor;
    private final MetricRegistry metrics;
    private final Object lock = new Object();
    // a checkpoint is written, or a restart's restore point chosen, never both at once; taken before lock
    private final Object storageLock = new Object();
    private int fencedEpoch; // guarded by storageLock and lock: checkpoints of this attempt or earlier are not written
    private List<StreamTask> tasks = List.of(); // guarded by lock
    private final Set<String> participants = new LinkedHashSet<>(); // guarded by lock
    private final Map<String, List<OperatorSnapshot>> finals = new HashMap<>(); // guarded by lock
    private Pending pending; // guarded by lock
    private long lastId; // guarded by lock
    private final long runStartId;
    private volatile Path finalCheckpoint; // written by the coordinator's thread once the final checkpoint is written
    private int epoch; // guarded by lock
    private boolean finalTaken; // guarded by lock
    private TaskListener failures; // guarded by lock
    private int consecutiveFailures; // guarded by lock
    private long lastCompletedAt; // epoch millis; the coordinator's thread only
    // expiries run on a thread of their own: a source that holds its checkpoint lock blocks a trigger
    private final SingleThreadScheduler timeouts;

    /** A checkpoint or savepoint waiting for acknowledgements. */
    private static final class Pending {
        final long id;
        final long timestamp;
        final int epoch;
        final Path savepointDirectory;
        final CompletableFuture<Path> done = new CompletableFuture<>();
        final Map<String, List<OperatorSnapshot>> acks = new HashMap<>();
        java.util.concurrent.ScheduledFuture<?> expiry; // guarded by lock; cancelled when it completes or aborts

        Pending(long id, long timestamp, int epoch, Path savepointDirectory) {
            this.id = id;
            this.timestamp = timestamp;
            this.epoch = epoch;
            this.savepointDirectory = savepointDirectory;
        }
    }

    /** @param firstId the id after which this job's checkpoints are numbered (a restored checkpoint's id) */
    CheckpointCoordinator(String jobName, CheckpointConfig config, int maxParallelism, MetricRegistry metrics,
            long firstId) {
        this.jobName = jobName;
        this.config = config;
        this.maxParallelism = maxParallelism;
        this.metrics = metrics;
        this.storage = config.getDirectory() == null ? null
                : new CheckpointStorage(config.getDirectory(), config.getRetainedCheckpoints());
        // numbered after every checkpoint already in the directory: an earlier run's never looks newer
        this.lastId = Math.max(firstId, storage == null ? 0 : storage.highestId());
        this.runStartId = lastId;
        this.executor = new SingleThreadScheduler("tidemark-checkpoints-" + jobName);
        this.timeouts = new SingleThreadScheduler("tidemark-checkpoint-timeouts-" + jobName);
    }

    /** Whether periodic checkpoints are taken (and tasks wait for the final one before closing). */
    boolean isPeriodic() {
        return config.isCheckpointingEnabled();
    }

    /** Starts periodic checkpoints, if enabled; nothing if the job has ended already (a short one may). */
    void start() {
        if (isPeriodic()) {
            long interval = config.getInterval().toMillis();
            try {
                executor.scheduleWithFixedDelay(() -> trigger(null), interval, interval);
            } catch (java.util.concurrent.RejectedExecutionException ended) {
                LOG.debug("Job ended before its periodic checkpoints started: job={}", jobName);
            }
        }
    }

    /**
     * The tasks of a new attempt: what was pending for the previous one is abandoned.
     *
     * @param failures where a checkpoint failure that the job cannot tolerate fails the attempt
     */
    void attach(List<StreamTask> attemptTasks, TaskListener failures) {
        synchronized (lock) {
            epoch++;
            tasks = List.copyOf(attemptTasks);
            this.failures = failures;
            participants.clear();
            finals.clear();
            finalTaken = false;
            abortPending("the job restarted");
            for (StreamTask task : attemptTasks) {
                participants.addAll(task.participants());
            }
        }
    }

    /**
     * The latest completed checkpoint on disk that reads back whole, or {@code null}, for a restart
     * to restore: no checkpoint of the attempts so far is written after it is chosen. Such a
     * checkpoint, acknowledged before the failure but written after the choice, would be newer than
     * what the next attempt restored; its sinks' transactions, never committed by that attempt (and
     * their files removed by it as unheld), would then be due at the following restore.
     */
    CompletedCheckpoint latestCheckpoint() {
        synchronized (storageLock) {
            synchronized (lock) {
                fencedEpoch = epoch;
            }
            return storage == null ? null : storage.loadLatest(runStartId);
        }
    }

    /** After the job finished: its final checkpoint is marked, so resuming the latest does not restore it. */
    void markJobFinished() {
        Path last = finalCheckpoint;
        if (last != null) {
            CheckpointStorage.markJobFinished(last);
        }
    }

    /** Takes a savepoint into {@code directory}; completes with its path. */
    CompletableFuture<Path> triggerSavepoint(Path directory) {
        CompletableFuture<Path> result = new CompletableFuture<>();
        if (!isPeriodic()) {
            result.completeExceptionally(new IllegalStateException("savepoints need checkpointing: job=" + jobName
                    + "; call env.enableCheckpointing(interval, directory) before execute()"));
            return result;
        }
        try {
            executor.execute(() -> savepoint(directory, result));
        } catch (java.util.concurrent.RejectedExecutionException ended) {
            result.completeExceptionally(new IllegalStateException("savepoint could not be taken: job=" + jobName
                    + "; the job has ended", ended));
        }
        return result;
    }

    private void savepoint(Path directory, CompletableFuture<Path> result) {
        Pending p = trigger(directory);
        if (p == null) {
            result.completeExceptionally(new IllegalStateException(
                    "savepoint could not be taken: job=" + jobName + "; no source is running"));
        } else {
            p.done.whenComplete((path, failure) -> {
                if (failure != null) {
                    result.completeExceptionally(failure);
                } else {
                    result.complete(path);
                }
            });
        }
    }

    /** On the coordinator's thread: starts a checkpoint (or savepoint) at every running source. */
    private Pending trigger(Path savepointDirectory) {
        Pending p;
        List<StreamTask> targets;
        synchronized (lock) {
            if (pending != null) {
                if (savepointDirectory == null) {
                    return null; // one at a time: the next periodic trigger tries again
                }
                abortPending("a savepoint was requested");
            }
            if (finalTaken || participants.isEmpty() || finals.size() == participants.size()) {
                return null;
            }
            long now = System.currentTimeMillis();
            if (savepointDirectory == null && now - lastCompletedAt < config.getMinPauseBetweenCheckpoints().toMillis()) {
                return null; // too soon after the last one: a later periodic trigger starts it
            }
            p = new Pending(++lastId, now, epoch, savepointDirectory);
            pending = p;
            targets = tasks;
            p.expiry = timeouts.schedule(() -> expire(p), config.getCheckpointTimeout().toMillis());
        }
        CheckpointBarrier barrier = new CheckpointBarrier(p.id, p.timestamp);
        for (StreamTask task : targets) {
            if (!task.isSource()) {
                continue;
            }
            List<OperatorSnapshot> snapshot;
            try {
                snapshot = task.triggerSource(barrier);
            } catch (Exception e) {
                abort(p, "source " + task.sourceParticipant() + " failed to snapshot: " + e);
                return p;
            }
            if (snapshot != null) {
                acknowledge(task.sourceParticipant(), p.id, snapshot);
            } else if (!hasFinished(task.sourceParticipant())) {
                abort(p, "source " + task.sourceParticipant() + " is not running");
                return p;
            }
        }
        return p;
    }

    private boolean hasFinished(String participant) {
        synchronized (lock) {
            return finals.containsKey(participant);
        }
    }

    /** From a task or source thread: its snapshots for checkpoint {@code checkpointId}. */
    void acknowledge(String participant, long checkpointId, List<OperatorSnapshot> snapshots) {
        synchronized (lock) {
            if (pending == null || pending.id != checkpointId) {
                return; // aborted or superseded
            }
            pending.acks.put(participant, snapshots);
            completeIfAcknowledged();
            takeFinalIfAllFinished();
        }
    }

    /** From a task or source thread: it has finished; {@code snapshots} stand for it in every later checkpoint. */
    void finished(String participant, List<OperatorSnapshot> snapshots) {
        synchronized (lock) {
            finals.put(participant, snapshots);
            completeIfAcknowledged();
            takeFinalIfAllFinished();
        }
    }

    /** Once everything has finished (and nothing is pending), the last checkpoint: all final snapshots. */
    private void takeFinalIfAllFinished() {
        if (!finalTaken && pending == null && isPeriodic() && finals.size() == participants.size()) {
            finalTaken = true;
            Pending last = new Pending(++lastId, System.currentTimeMillis(), epoch, null);
            List<OperatorSnapshot> all = new ArrayList<>();
            finals.values().forEach(all::addAll);
            executor.execute(() -> complete(last, all, CheckpointBarrier.FINAL_CHECKPOINT_ID));
        }
    }

    private void completeIfAcknowledged() {
        if (pending == null) {
            return;
        }
        List<OperatorSnapshot> all = new ArrayList<>();
        for (String participant : participants) {
            List<OperatorSnapshot> s = pending.acks.getOrDefault(participant, finals.get(participant));
            if (s == null) {
                return;
            }
            all.addAll(s);
        }
        Pending done = pending;
        pending = null;
        done.expiry.cancel(false);
        executor.execute(() -> complete(done, all, done.id));
    }

    /** On the coordinator's thread: writes the checkpoint, then tells every task of this attempt. */
    private void complete(Pending p, List<OperatorSnapshot> snapshots, long notifyId) {
        CompletedCheckpoint checkpoint = new CompletedCheckpoint(p.id, p.timestamp, maxParallelism, snapshots);
        Path path;
        try {
            synchronized (storageLock) {
                if (p.savepointDirectory == null && p.epoch <= fencedEpoch) {
                    LOG.info("Checkpoint not written: job={}, checkpoint={}; its attempt failed, and the restart"
                            + " restores an earlier one", jobName, p.id);
                    p.done.completeExceptionally(new IllegalStateException("checkpoint " + p.id
                            + " was aborted: the job restarted"));
                    return;
                }
                path = p.savepointDirectory != null
                        ? CheckpointStorage.writeTo(p.savepointDirectory.resolve("savepoint-" + p.id), checkpoint)
                        : storage.write(checkpoint);
            }
        } catch (RuntimeException e) {
            LOG.error("Checkpoint failed: job={}, checkpoint={}", jobName, p.id, e);
            p.done.completeExceptionally(e);
            if (p.savepointDirectory == null) {
                onWriteFailure(p, notifyId, e);
            }
            return;
        }
        if (p.savepointDirectory == null) {
            synchronized (lock) {
                consecutiveFailures = 0;
            }
            lastCompletedAt = System.currentTimeMillis();
            if (notifyId == CheckpointBarrier.FINAL_CHECKPOINT_ID) {
                finalCheckpoint = path;
            }
        }
        long duration = System.currentTimeMillis() - p.timestamp;
        metrics.counter(jobName, COMPLETED).inc();
        metrics.gauge(jobName, LAST_SIZE).set(checkpoint.stateSize());
        metrics.gauge(jobName, LAST_DURATION).set(duration);
        LOG.info("Checkpoint completed: job={}, checkpoint={}, bytes={}, durationMillis={}, path={}", jobName, p.id,
                checkpoint.stateSize(), duration, path);
        p.done.complete(path);
        List<StreamTask> targets;
        synchronized (lock) {
            targets = p.epoch == epoch ? tasks : List.of();
        }
        for (StreamTask task : targets) {
            task.notifyCheckpointComplete(notifyId);
        }
    }

    private void onWriteFailure(Pending p, long notifyId, RuntimeException e) {
        boolean isFinal = notifyId == CheckpointBarrier.FINAL_CHECKPOINT_ID;
        failed(p, isFinal, isFinal ? "the final checkpoint could not be written" : "could not be written",
                "checkpoint storage failed: ", ", directory=" + config.getDirectory() + ", cause=" + e.getCause(), e);
    }

    /** On the timeout thread: a checkpoint not acknowledged within the timeout is aborted, and counts as failed. */
    private void expire(Pending p) {
        String why = "it was not acknowledged within the checkpoint timeout of " + config.getCheckpointTimeout();
        List<String> missing = new ArrayList<>();
        synchronized (lock) {
            if (pending != p) {
                return; // completed or aborted meanwhile
            }
            for (String participant : participants) {
                if (!p.acks.containsKey(participant) && !finals.containsKey(participant)) {
                    missing.add(participant);
                }
            }
            abortPending(why);
        }
        failed(p, false, "expired", "checkpoint timed out: ", ", waiting for " + missing, null);
    }

    /**
     * A checkpoint that failed (not written, or expired) fails the attempt once more of them in a
     * row than the job tolerates (Flink's {@code tolerableCheckpointFailureNumber}), and the final
     * checkpoint at once: without it the tasks could never end, and their sinks never commit.
     */
    private void failed(Pending p, boolean isFinal, String what, String headline, String details, Exception cause) {
        metrics.counter(jobName, FAILED).inc();
        int inARow;
        TaskListener target;
        synchronized (lock) {
            inARow = ++consecutiveFailures;
            target = p.epoch == epoch ? failures : null;
        }
        if (!isFinal && inARow <= config.getTolerableCheckpointFailures()) {
            return;
        }
        String why = isFinal ? what
                : inARow + " checkpoints in a row " + what + ", more than the "
                        + config.getTolerableCheckpointFailures() + " tolerated";
        if (target != null) {
            target.taskFailed("checkpoint coordinator",
                    new TidemarkException(headline + why + ": checkpoint=" + p.id + details, cause));
        }
    }

    private void abort(Pending p, String reason) {
        synchronized (lock) {
            if (pending == p) {
                abortPending(reason);
            }
        }
    }

    private void abortPending(String reason) {
        if (pending != null) {
            LOG.info("Checkpoint aborted: job={}, checkpoint={}, reason={}", jobName, pending.id, reason);
            pending.done.completeExceptionally(new IllegalStateException("checkpoint " + pending.id
                    + " was aborted: " + reason));
            if (pending.expiry != null) {
                pending.expiry.cancel(false);
            }
            pending = null;
        }
    }

    /** Stops triggering and waits for the coordinator's threads to end; what is pending is abandoned. */
    void shutdown() {
        synchronized (lock) {
            abortPending("the job ended");
        }
        executor.stop();
        timeouts.stop();
    }
}
