package dev.tidemark.checkpoint;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/**
 * How a job takes checkpoints and recovers from failures. Checkpointing is off until an interval and
 * a directory are set, usually through
 * {@link dev.tidemark.api.StreamExecutionEnvironment#enableCheckpointing(Duration, Path)}.
 *
 * <p>Threading: configure before {@code execute}; the job runs with a copy.
 */
public final class CheckpointConfig {

    /** Completed checkpoints kept on disk by default; older ones are deleted. */
    public static final int DEFAULT_RETAINED = 3;

    /** How long a checkpoint may take before it is aborted, by default: 10 minutes, as in Flink. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(10);

    private Duration interval = Duration.ZERO;
    private Path directory;
    private int retained = DEFAULT_RETAINED;
    private RestartStrategy restartStrategy = RestartStrategy.none();
    private Path restoreFrom;
    private boolean allowNonRestoredState;
    private int tolerableFailures;
    private boolean resumeFromLatest;
    private CheckpointingMode mode = CheckpointingMode.EXACTLY_ONCE;
    private Duration timeout = DEFAULT_TIMEOUT;
    private Duration minPause = Duration.ZERO;
    private boolean unalignedRequested;

    /** A copy, so a running job does not see later changes. */
    public CheckpointConfig copy() {
        CheckpointConfig copy = new CheckpointConfig();
        copy.interval = interval;
        copy.directory = directory;
        copy.retained = retained;
        copy.restartStrategy = restartStrategy;
        copy.restoreFrom = restoreFrom;
        copy.allowNonRestoredState = allowNonRestoredState;
        copy.tolerableFailures = tolerableFailures;
        copy.resumeFromLatest = resumeFromLatest;
        copy.mode = mode;
        copy.timeout = timeout;
        copy.minPause = minPause;
        copy.unalignedRequested = unalignedRequested;
        return copy;
    }

    /**
     * Whether periodic checkpoints are taken: an interval and a directory are set (a job started
     * with an interval but no directory gets a temporary one, see
     * {@code StreamExecutionEnvironment.enableCheckpointing(long)}).
     */
    public boolean isCheckpointingEnabled() {
        return !interval.isZero() && directory != null;
    }

    /** Takes a checkpoint every {@code interval} of processing time; zero turns checkpointing off. */
    public CheckpointConfig setInterval(Duration interval) {
        Objects.requireNonNull(interval, "interval must not be null");
        if (interval.isNegative()) {
            throw new IllegalArgumentException("interval must not be negative: interval=" + interval);
        }
        this.interval = interval;
        return this;
    }

    public Duration getInterval() {
        return interval;
    }

    /** Flink's name for {@link #setInterval}, in milliseconds. */
    public CheckpointConfig setCheckpointInterval(long intervalMillis) {
        return setInterval(Duration.ofMillis(intervalMillis));
    }

    /**
     * How long a checkpoint may take, from its trigger to its last acknowledgement, before it is
     * aborted (a barrier stuck behind a busy or blocked operator, say); an aborted checkpoint counts
     * as a failed one (see {@link #setTolerableCheckpointFailureNumber}), as in Flink.
     *
     * @throws IllegalArgumentException if not positive
     */
    public CheckpointConfig setCheckpointTimeout(Duration timeout) {
        Objects.requireNonNull(timeout, "checkpoint timeout must not be null");
        if (timeout.isZero() || timeout.isNegative()) {
            throw new IllegalArgumentException("checkpoint timeout must be positive: timeout=" + timeout);
        }
        this.timeout = timeout;
        return this;
    }

    /** As {@link #setCheckpointTimeout(Duration)}, in milliseconds, as Flink programs say it. */
    public CheckpointConfig setCheckpointTimeout(long timeoutMillis) {
        return setCheckpointTimeout(Duration.ofMillis(timeoutMillis));
    }

    public Duration getCheckpointTimeout() {
        return timeout;
    }

    /**
     * The least time from the completion of one checkpoint to the start of the next, so a job
     * whose checkpoints take longer than the interval still gets time to process; zero by default.
     * Savepoints are not held back.
     *
     * @throws IllegalArgumentException if negative
     */
    public CheckpointConfig setMinPauseBetweenCheckpoints(Duration pause) {
        Objects.requireNonNull(pause, "pause must not be null");
        if (pause.isNegative()) {
            throw new IllegalArgumentException("pause between checkpoints must not be negative: pause=" + pause);
        }
        this.minPause = pause;
        return this;
    }

    /** As {@link #setMinPauseBetweenCheckpoints(Duration)}, in milliseconds, as Flink programs say it. */
    public CheckpointConfig setMinPauseBetweenCheckpoints(long pauseMillis) {
        return setMinPauseBetweenCheckpoints(Duration.ofMillis(pauseMillis));
    }

    public Duration getMinPauseBetweenCheckpoints() {
        return minPause;
    }

    /**
     * Accepts Flink's setting; Tidemark takes one checkpoint at a time whatever it is (a trigger
     * while one is pending is skipped), which Flink also does once a pause is set.
     *
     * @throws IllegalArgumentException if less than 1
     */
    public CheckpointConfig setMaxConcurrentCheckpoints(int max) {
        if (max < 1) {
            throw new IllegalArgumentException("max concurrent checkpoints must be at least 1: max=" + max);
        }
        return this;
    }

    /** Always 1: see {@link #setMaxConcurrentCheckpoints}. */
    public int getMaxConcurrentCheckpoints() {
        return 1;
    }

    /**
     * Accepts Flink's switch; checkpoints stay aligned. Unaligned checkpoints let barriers overtake
     * buffered records in network buffers under backpressure; a Tidemark job's channels are short
     * in-memory queues between threads, so alignment waits for little, and the state stays the
     * plain aligned kind. {@link #isUnalignedCheckpointsEnabled()} says what was asked.
     */
    public CheckpointConfig enableUnalignedCheckpoints(boolean enabled) {
        this.unalignedRequested = enabled;
        return this;
    }

    /** As {@link #enableUnalignedCheckpoints(boolean)} with {@code true}. */
    public CheckpointConfig enableUnalignedCheckpoints() {
        return enableUnalignedCheckpoints(true);
    }

    /** Whether unaligned checkpoints were asked for (they are taken aligned anyway). */
    public boolean isUnalignedCheckpointsEnabled() {
        return unalignedRequested;
    }

    /** Flink's timeout before an aligned checkpoint turns unaligned: accepted; checkpoints stay aligned. */
    public CheckpointConfig setAlignedCheckpointTimeout(Duration timeout) {
        Objects.requireNonNull(timeout, "aligned checkpoint timeout must not be null");
        return this;
    }

    /** Where checkpoints are written: one {@code chk-<id>} directory per completed checkpoint. */
    public CheckpointConfig setDirectory(Path directory) {
        this.directory = Objects.requireNonNull(directory, "directory must not be null");
        return this;
    }

    public Path getDirectory() {
        return directory;
    }

    /**
     * Where checkpoints are written, as Flink programs say it: a path or a {@code file:} URI.
     *
     * @throws IllegalArgumentException for another scheme than {@code file:}, naming it
     */
    public CheckpointConfig setCheckpointStorage(String directoryOrUri) {
        return setDirectory(dev.tidemark.api.fs.Path.local(directoryOrUri, "checkpoint storage"));
    }

    /** As {@link #setCheckpointStorage(String)}. */
    public CheckpointConfig setCheckpointStorage(dev.tidemark.api.fs.Path path) {
        return setCheckpointStorage(Objects.requireNonNull(path, "checkpoint storage must not be null").toString());
    }

    /** As {@link #setCheckpointStorage(String)}. */
    public CheckpointConfig setCheckpointStorage(java.net.URI uri) {
        return setCheckpointStorage(Objects.requireNonNull(uri, "checkpoint storage must not be null").toString());
    }

    /**
     * Accepts both of Flink's modes. Checkpoints are always aligned, so {@code AT_LEAST_ONCE} gets
     * exactly-once state too (stronger than asked; alignment is what it would have skipped).
     */
    public CheckpointConfig setCheckpointingMode(CheckpointingMode checkpointingMode) {
        this.mode = Objects.requireNonNull(checkpointingMode, "checkpointing mode must not be null");
        return this;
    }

    public CheckpointingMode getCheckpointingMode() {
        return mode;
    }

    /** How many completed checkpoints to keep; at least 1. */
    public CheckpointConfig setRetainedCheckpoints(int retained) {
        if (retained < 1) {
            throw new IllegalArgumentException("retained checkpoints must be at least 1: retained=" + retained);
        }
        this.retained = retained;
        return this;
    }

    public int getRetainedCheckpoints() {
        return retained;
    }

    /** What to do when an operator fails; {@link RestartStrategy#none()} by default. */
    public CheckpointConfig setRestartStrategy(RestartStrategy restartStrategy) {
        this.restartStrategy = Objects.requireNonNull(restartStrategy, "restartStrategy must not be null");
        return this;
    }

    public RestartStrategy getRestartStrategy() {
        return restartStrategy;
    }

    /**
     * Starts the job from a savepoint or a retained checkpoint: a {@code chk-<id>} or savepoint
     * directory, or a checkpoint directory, whose latest valid checkpoint is used.
     */
    public CheckpointConfig setRestoreFrom(Path path) {
        this.restoreFrom = path;
        return this;
    }

    public Path getRestoreFrom() {
        return restoreFrom;
    }

    /**
     * Resumes from the latest complete checkpoint in the checkpoint directory if there is one, and
     * starts afresh if there is none: what a program that must survive its process's death sets,
     * instead of looking for {@code chk-<id>/_metadata} itself. The final checkpoint of a job that
     * finished is not resumed (it has nothing left to do): the program starts afresh, as it does after
     * a finished job in Flink, which keeps no checkpoint of it. An explicit {@link #setRestoreFrom}
     * wins over this.
     */
    public CheckpointConfig setResumeFromLatestCheckpoint(boolean resume) {
        this.resumeFromLatest = resume;
        return this;
    }

    public boolean isResumeFromLatestCheckpoint() {
        return resumeFromLatest;
    }

    /**
     * Whether a restore may leave state of the checkpoint unclaimed, dropping it (logged): state of
     * an operator that was removed, or whose uid or automatic id changed. {@code false} by default,
     * and then such a restore fails before the job starts, naming the operators, as in Flink.
     */
    public CheckpointConfig setAllowNonRestoredState(boolean allow) {
        this.allowNonRestoredState = allow;
        return this;
    }

    public boolean isAllowNonRestoredState() {
        return allowNonRestoredState;
    }

    /**
     * How many checkpoints in a row may fail to be written (storage full, removed or read-only) before
     * the job fails, naming the directory and the cause; 0 by default, as in Flink. The job's restart
     * strategy then decides what follows. The final checkpoint of a bounded job is never tolerated:
     * without it the job cannot end.
     */
    public CheckpointConfig setTolerableCheckpointFailureNumber(int failures) {
        if (failures < 0) {
            throw new IllegalArgumentException("tolerable checkpoint failures must not be negative: failures="
                    + failures);
        }
        this.tolerableFailures = failures;
        return this;
    }

    /**
     * Flink's older switch: {@code true} fails the job on the first failed checkpoint (the default),
     * {@code false} tolerates any number.
     *
     * @deprecated as in Flink: use {@link #setTolerableCheckpointFailureNumber}
     */
    @Deprecated
    public CheckpointConfig setFailOnCheckpointingErrors(boolean fail) {
        return setTolerableCheckpointFailureNumber(fail ? 0 : Integer.MAX_VALUE);
    }

    public int getTolerableCheckpointFailures() {
        return tolerableFailures;
    }
}
