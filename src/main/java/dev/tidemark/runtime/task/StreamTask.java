package dev.tidemark.runtime.task;

import dev.tidemark.api.ExecutionConfig;
import dev.tidemark.runtime.checkpoint.CheckpointBarrier;
import dev.tidemark.runtime.checkpoint.CompletedCheckpoint;
import dev.tidemark.runtime.checkpoint.OperatorSnapshot;
import dev.tidemark.runtime.graph.SourceTransformation;
import dev.tidemark.runtime.operators.HeapReserve;
import dev.tidemark.runtime.operators.OperatorException;
import dev.tidemark.runtime.timers.MailboxProcessingTimeService;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One parallel instance of a vertex on its own thread: the task thread owns the operators and
 * alternates between mail (timers) and draining its input queues into the chain. For a source
 * vertex a second thread runs the user's source, which runs the chain itself through the
 * {@link SourceInput} (under a lock the task thread takes for its mail), so a record is handled on
 * the core that made it, and a source that blocks never delays timers.
 *
 * <p>Threading: {@link #start} and {@link #cancel} from any thread; everything else on the task's
 * own threads.
 */
final class StreamTask {

    private static final Logger LOG = LoggerFactory.getLogger(StreamTask.class);
    private static final int DRAIN_LIMIT = 256;
    /**
     * Empty polls before the task thread parks. A producer a little slower than the task would
     * otherwise wake it for nearly every element, and a wake-up (a system call) costs more than the
     * element: spinning briefly keeps the hand-off in user space while data keeps coming.
     */
    private static final int SPINS_BEFORE_PARK = 200;
    /**
     * Every this many empty polls the task thread yields its core. A job has more busy threads than
     * cores (a source thread and a task thread per source instance, a task thread per other one), and
     * the producer this thread waits for is often runnable but not running: spinning keeps it off the
     * core, and parking makes it pay a wake-up. W1 at parallelism 2 on two cores ran 1.7-2.5x faster.
     */
    private static final int YIELD_EVERY = 16;
    private static final long STOP_WARNING_MILLIS = 5_000;

    private final String jobName;
    private final Subtask subtask;
    private final List<ElementQueue> inputs;
    private final SourceInput sourceInput;
    private final Wakeup wakeup;
    private final Mailbox mailbox;
    private final MailboxProcessingTimeService timeService;
    private final ExecutionConfig config;
    private final TaskListener listener;
    private volatile Throwable unreportedFailure; // see report(): set only when reporting itself ran out of memory
    private volatile String unreportedOperator;
    private final SourceRunner source;
    private final Thread taskThread;
    private final Thread sourceThread;
    private final CheckpointCoordinator checkpoints;
    private final CompletedCheckpoint restore;
    private volatile boolean cancelled; // written by any thread, read by the task thread
    private boolean finalCheckpointDone; // task thread only
    // made once: a lambda that reads this task allocates each time it is made, and the mail loops park
    // often, also while a job is running out of memory
    private final java.util.function.BooleanSupplier stillIdle = this::idle;
    private final java.util.function.BooleanSupplier stillNoMail = this::noMail;
    private final java.util.function.BooleanSupplier stillNoMailWhileSourceRuns = this::noMailWhileSourceRuns;
    private final Object interruptLock = new Object();
    private boolean interruptible; // guarded by interruptLock: the task thread runs operators, not their clean-up

    /**
     * @param inputs the input queues of a vertex that is not a source
     * @param sourceInput the input of a source vertex, or {@code null}
     * @param checkpoints where the task acknowledges checkpoints
     * @param restore the checkpoint the task's operators are restored from, or {@code null}
     */
    StreamTask(String jobName, Subtask subtask, List<ElementQueue> inputs, SourceInput sourceInput, Wakeup wakeup,
            Mailbox mailbox, MailboxProcessingTimeService timeService, ExecutionConfig config, TaskListener listener,
            CheckpointCoordinator checkpoints, CompletedCheckpoint restore) {
        this.sourceInput = sourceInput;
        this.checkpoints = checkpoints;
        this.restore = restore;
        this.jobName = jobName;
        this.subtask = subtask;
        this.inputs = inputs;
        this.wakeup = wakeup;
        this.mailbox = mailbox;
        this.timeService = timeService;
        this.config = config;
        this.listener = listener;
        String suffix = jobName + "/" + subtask.displayName();
        this.taskThread = new Thread(this::runTask, "tidemark-task-" + suffix);
        wakeup.bind(taskThread);
        if (subtask.vertex().isSource()) {
            SourceTransformation<?> t = (SourceTransformation<?>) subtask.vertex().head().transformation();
            this.source = new SourceRunner(t, subtask, config, System::currentTimeMillis, restore,
                    checkpoints.isPeriodic());
            this.sourceThread = new Thread(this::runSource, "tidemark-source-" + suffix);
            source.onFinished(snapshots -> checkpoints.finished(sourceParticipant(), snapshots));
        } else {
            this.source = null;
            this.sourceThread = null;
        }
    }

    void start() {
        taskThread.start();
    }

    boolean isSource() {
        return source != null;
    }

    /** Who acknowledges checkpoints for this task: the task thread, and for a source vertex its source. */
    List<String> participants() {
        return source != null ? List.of(subtask.participantId(), sourceParticipant()) : List.of(subtask.participantId());
    }

    String sourceParticipant() {
        return "source of " + subtask.participantId();
    }

    /** On the coordinator's thread: see {@link SourceRunner#triggerCheckpoint}. */
    List<OperatorSnapshot> triggerSource(CheckpointBarrier barrier) throws Exception {
        return source.triggerCheckpoint(barrier);
    }

    /** From the coordinator: tells the source now, and the operators on the task thread. */
    void notifyCheckpointComplete(long checkpointId) {
        if (source != null) {
            try {
                source.notifyCheckpointComplete(checkpointId);
            } catch (Exception e) {
                listener.taskFailed(source.name(), e);
            }
        }
        mailbox.execute(() -> {
            subtask.chain().notifyCheckpointComplete(checkpointId); // runs as mail: under the source input's lock
            finalCheckpointDone |= checkpointId == CheckpointBarrier.FINAL_CHECKPOINT_ID;
        });
    }

    /** The barrier has arrived on every input: snapshot the operators, acknowledge, pass the barrier on. */
    private void onAligned(CheckpointBarrier barrier) {
        List<OperatorSnapshot> snapshots = subtask.chain().snapshotState(barrier.checkpointId(), barrier.timestamp());
        checkpoints.acknowledge(subtask.participantId(), barrier.checkpointId(), snapshots);
        subtask.chain().broadcastBarrier(barrier);
    }

    /**
     * The input has ended: with periodic checkpoints, the operators' last snapshot stands for this task
     * in every later checkpoint, and the task waits for the job's last one before closing, so sinks
     * commit. Without, nothing is snapshotted (state need not even be serializable).
     */
    private void finishCheckpoints() {
        if (!checkpoints.isPeriodic()) {
            return;
        }
        List<OperatorSnapshot> last = new java.util.ArrayList<>();
        onChain(() -> last.addAll(
                subtask.chain().snapshotState(CheckpointBarrier.FINAL_CHECKPOINT_ID, System.currentTimeMillis())));
        checkpoints.finished(subtask.participantId(), last);
        while (!finalCheckpointDone && !cancelled) {
            runMail();
            if (!finalCheckpointDone && !mailbox.hasMail() && !cancelled) {
                wakeup.park(ElementQueue.MAX_PARK_NANOS, stillNoMail);
            }
        }
    }

    /**
     * Stops the task soon: cancels and interrupts the source, interrupts the task thread while it runs
     * operators (user code blocked in a sleep or a wait returns, as in Flink), releases blocked
     * producers, wakes the task.
     */
    void cancel() {
        if (cancelled) {
            return;
        }
        cancelled = true;
        synchronized (interruptLock) {
            if (interruptible) {
                taskThread.interrupt();
            }
        }
        if (source != null) {
            try {
                source.cancel();
            } catch (RuntimeException e) {
                LOG.warn("Source cancel() threw: job={}, task={}", jobName, subtask.displayName(), e);
            }
            sourceThread.interrupt();
        }
        for (ElementQueue queue : inputs) {
            queue.close();
        }
        wakeup.wakeAlways();
    }

    /** Waits until the task's threads have ended; call only after the task reported its termination. */
    void join() throws InterruptedException {
        taskThread.join();
        if (sourceThread != null && sourceThread.isAlive()) {
            sourceThread.join();
        }
    }

    /** The task's threads that are still alive. */
    List<Thread> liveThreads() {
        List<Thread> live = new java.util.ArrayList<>(2);
        if (taskThread.isAlive()) {
            live.add(taskThread);
        }
        if (sourceThread != null && sourceThread.isAlive()) {
            live.add(sourceThread);
        }
        return live;
    }

    private void runTask() {
        boolean opened = false;
        boolean inputEnded = false;
        InputProcessor input = subtask.input();
        synchronized (interruptLock) {
            interruptible = true;
        }
        try {
            subtask.chain().initializeState(restore);
            input.onAligned(this::onAligned);
            subtask.chain().open();
            opened = true;
            subtask.start(config.getEndOfInput());
            if (sourceInput == null) {
                drainInputs();
                inputEnded = input.isFinished();
            } else if (!cancelled) {
                sourceInput.start();
                sourceThread.start();
                runMailUntilSourceEnds();
                inputEnded = sourceInput.isFinished();
            }
            if (inputEnded) {
                finishCheckpoints();
            }
        } catch (Throwable t) {
            HeapReserve.releaseOn(t);
            reportFailure(t);
        } finally {
            synchronized (interruptLock) {
                interruptible = false;
                Thread.interrupted(); // a cancellation's interrupt must not break closing the operators
            }
            try {
                cleanUp(opened, inputEnded);
            } catch (Throwable t) {
                reportFailure(t); // an out-of-memory error may strike again here: the task still ends
            } finally {
                listener.taskTerminated(this);
            }
        }
    }

    private void reportFailure(Throwable t) {
        if (t instanceof OperatorException e) {
            report(e.operatorName(), e.getCause());
        } else {
            report(subtask.displayName(), t);
        }
    }

    private void report(String operatorName, Throwable cause) {
        try {
            listener.taskFailed(operatorName, cause);
        } catch (Throwable again) {
            if (!(again instanceof VirtualMachineError)) {
                throw again;
            }
            // reporting ran out of memory too: kept (two stores, nothing allocated) for when this task ends,
            // so that its job fails rather than finishes
            unreportedOperator = operatorName;
            unreportedFailure = cause;
        }
    }

    /** A failure this task could not report when it happened (out of memory), or {@code null}. */
    Throwable unreportedFailure() {
        return unreportedFailure;
    }

    String unreportedOperator() {
        return unreportedOperator;
    }

    /** Stops the clock and the source, closes the chain, waits for the source thread. */
    private void cleanUp(boolean opened, boolean inputEnded) {
        timeService.shutdown();
        if (sourceInput != null) {
            if (!inputEnded) {
                cancel(); // the source stops emitting before the chain closes
            }
            sourceInput.close();
        }
        if (opened || !inputEnded) {
            RuntimeException closeFailure = subtask.chain().closeAll();
            if (closeFailure instanceof OperatorException e) {
                listener.closeFailed(e.operatorName(), e.getCause());
            } else if (closeFailure != null) {
                listener.closeFailed(subtask.displayName(), closeFailure);
            }
        }
        stopSourceThread(inputEnded);
    }

    /** Hands the input queues to the chain, between mail, until every queue has ended. */
    private void drainInputs() throws Exception {
        InputProcessor input = subtask.input();
        ChannelConsumer consumer = subtask.channelConsumer();
        int emptyPolls = 0;
        while (!cancelled && !input.isFinished()) {
            mailbox.runAll();
            int drained = 0;
            for (int i = 0; i < inputs.size(); i++) {
                if (!input.isBlocked(i)) {
                    drained += inputs.get(i).drain(consumer, DRAIN_LIMIT);
                }
            }
            if (drained > 0 || mailbox.hasMail() || cancelled) {
                emptyPolls = 0;
            } else if (++emptyPolls < SPINS_BEFORE_PARK) {
                if (emptyPolls % YIELD_EVERY == 0) {
                    Thread.yield();
                } else {
                    Thread.onSpinWait();
                }
            } else {
                emptyPolls = 0;
                wakeup.park(ElementQueue.MAX_PARK_NANOS, stillIdle);
            }
        }
    }

    /** For a source vertex, whose source thread runs the chain: the mail, until the source's input has ended. */
    private void runMailUntilSourceEnds() {
        while (!cancelled && !sourceInput.isFinished()) {
            if (mailbox.hasMail()) {
                runMail();
            } else {
                wakeup.park(ElementQueue.MAX_PARK_NANOS, stillNoMailWhileSourceRuns);
            }
        }
    }

    private void runMail() {
        onChain(mailbox::runAll);
    }

    /** Runs {@code action} on the chain: for a source vertex, excluding the source's writes. */
    private void onChain(Runnable action) {
        if (sourceInput == null) {
            action.run();
        } else {
            sourceInput.run(action);
        }
    }

    private boolean noMail() {
        return !mailbox.hasMail() && !cancelled;
    }

    private boolean noMailWhileSourceRuns() {
        return noMail() && !sourceInput.isFinished();
    }

    private boolean idle() {
        if (mailbox.hasMail() || cancelled) {
            return false;
        }
        InputProcessor input = subtask.input();
        for (int i = 0; i < inputs.size(); i++) {
            if (!input.isBlocked(i) && !inputs.get(i).isEmpty()) {
                return false;
            }
        }
        return true;
    }

    private void runSource() {
        String name = source.name();
        try {
            source.run();
        } catch (Throwable t) {
            HeapReserve.releaseOn(t);
            if (source.isCancelled()) {
                LOG.debug("Source stopped by cancellation: job={}, source={}, cause={}", jobName, name, t.toString());
            } else {
                report(name, t);
            }
        }
    }

    private void stopSourceThread(boolean inputEnded) {
        if (sourceThread == null || !sourceThread.isAlive()) {
            return;
        }
        if (!inputEnded) {
            cancel();
        }
        try {
            while (true) {
                sourceThread.join(STOP_WARNING_MILLIS);
                if (!sourceThread.isAlive()) {
                    return;
                }
                LOG.warn("Source thread has not stopped after cancel(): job={}, task={}; its run() must return"
                        + " when cancelled or interrupted", jobName, subtask.displayName());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
