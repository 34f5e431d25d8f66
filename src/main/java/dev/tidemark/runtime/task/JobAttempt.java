package dev.tidemark.runtime.task;

import dev.tidemark.api.ExecutionConfig;
import dev.tidemark.api.TimeCharacteristic;
import dev.tidemark.runtime.checkpoint.CompletedCheckpoint;
import dev.tidemark.runtime.graph.JobGraph;
import dev.tidemark.runtime.graph.JobVertex;
import dev.tidemark.runtime.graph.OneInputTransformation;
import dev.tidemark.runtime.graph.SourceTransformation;
import dev.tidemark.runtime.metrics.MetricRegistry;
import dev.tidemark.runtime.timers.MailboxProcessingTimeService;
import dev.tidemark.runtime.timers.ProcessingTimeService;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One execution of a job graph on local threads: one {@link StreamTask} per parallel instance of
 * each vertex, connected by bounded queues, and a scheduler thread for processing-time timers. Every
 * operator is created afresh (restored from a checkpoint if given); the first failure cancels every
 * task, and the attempt ends when every thread has ended.
 *
 * <p>Threading: {@link #start}, {@link #cancelAll} and {@link #join} from any thread; listener
 * methods from task threads.
 */
final class JobAttempt implements TaskListener {

    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(JobAttempt.class);

    /**
     * How many elements a task's input rings hold together, at most: each ring gets its share, a
     * power of two between {@link #MIN_QUEUE_CAPACITY} and {@link #MAX_QUEUE_CAPACITY}. A full ring
     * parks its producer until it is half empty, so a larger ring makes fewer parks and wake-ups (W1 at
     * parallelism 2 on two cores ran about 1.3x faster with 8192 slots than with 1024), and the budget
     * keeps a task with many inputs to a few hundred kilobytes of rings.
     */
    static final int TASK_QUEUE_BUDGET = 32_768;
    static final int MIN_QUEUE_CAPACITY = 1024;
    static final int MAX_QUEUE_CAPACITY = 8192;

    /** What an attempt tells its job. */
    interface Listener {
        /** The first failure of {@code attempt}; its tasks are being cancelled. */
        void attemptFailed(JobAttempt attempt, String operatorName, Throwable cause);

        /** Every task of {@code attempt} has ended. */
        void attemptTerminated(JobAttempt attempt);
    }

    private final Listener listener;
    private final List<StreamTask> tasks = new ArrayList<>();
    private final ScheduledThreadPoolExecutor scheduler;
    private final List<Thread> schedulerThreads = new CopyOnWriteArrayList<>();
    private final MetricRegistry metrics;
    private final dev.tidemark.runtime.metrics.AccumulatorRegistry accumulators =
            new dev.tidemark.runtime.metrics.AccumulatorRegistry(); // this attempt's: a failed one's are dropped
    private final AtomicInteger liveTasks;
    private final Object lock = new Object();
    private String failedOperator; // guarded by lock
    private Throwable failure; // guarded by lock
    private volatile boolean abandoned; // written by the job's watchdog, read by whoever awaits the job

    JobAttempt(String jobName, int number, JobGraph graph, ExecutionConfig config, TimeCharacteristic characteristic,
            MetricRegistry metrics, CheckpointCoordinator checkpoints, CompletedCheckpoint restore, Listener listener) {
        this.listener = listener;
        this.metrics = metrics;
        this.scheduler = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, "tidemark-timers-" + jobName + "-" + number);
            t.setDaemon(true);
            schedulerThreads.add(t);
            return t;
        });
        scheduler.setRemoveOnCancelPolicy(true);
        ThreadedEnvironment environment = new ThreadedEnvironment();
        List<Subtask> subtasks = JobWiring.wire(graph,
                new OperatorChain.Settings(config, characteristic, metrics, new AlignmentGroups(), accumulators),
                environment);
        if (restore != null) {
            try {
                dropped(jobName, restore.checkClaimed(JobWiring.operatorIds(subtasks),
                        config.getCheckpointConfig().isAllowNonRestoredState()));
            } catch (RuntimeException e) {
                scheduler.shutdownNow();
                throw e;
            }
        }
        for (Subtask subtask : subtasks) {
            TaskParts parts = environment.parts(subtask);
            SourceInput sourceInput = subtask.vertex().isSource() ? parts.sourceInput(subtask) : null;
            tasks.add(new StreamTask(jobName, subtask, parts.queues, sourceInput, parts.wakeup, parts.mailbox,
                    parts.timeService, config, this, checkpoints, restore));
        }
        this.liveTasks = new AtomicInteger(tasks.size());
    }

    private static void dropped(String jobName, java.util.Set<String> operatorIds) {
        if (!operatorIds.isEmpty()) {
            LOG.warn("Restoring without the state of operators the job no longer has: job={}, operators={}", jobName,
                    operatorIds);
        }
    }

    /** The queues (or source input), mailbox and clock of one task, created while wiring. */
    private final class TaskParts {
        final Wakeup wakeup = new Wakeup();
        final Mailbox mailbox = new Mailbox(wakeup);
        final List<ElementQueue> queues = new ArrayList<>();
        MailboxProcessingTimeService timeService;
        private SourceInput sourceInput;

        SourceInput sourceInput(Subtask subtask) {
            if (sourceInput == null) {
                sourceInput = new SourceInput(subtask, wakeup, JobAttempt.this);
            }
            return sourceInput;
        }
    }

    private final class ThreadedEnvironment implements JobWiring.Environment {
        private final Map<String, TaskParts> parts = new HashMap<>();

        private TaskParts parts(JobVertex vertex, int index) {
            return parts.computeIfAbsent(vertex.id() + "/" + index, k -> new TaskParts());
        }

        TaskParts parts(Subtask subtask) {
            return parts(subtask.vertex(), subtask.index());
        }

        @Override
        public ProcessingTimeService timeService(JobVertex vertex, int subtaskIndex) {
            TaskParts p = parts(vertex, subtaskIndex);
            p.timeService = new MailboxProcessingTimeService(scheduler, p.mailbox);
            return p.timeService;
        }

        @Override
        public ChannelWriter channel(Subtask consumer, int channelIndex, int channelCount, ChannelConsumer target,
                String producer) {
            TaskParts p = parts(consumer);
            if (consumer.vertex().isSource()) {
                return p.sourceInput(consumer).channel(channelIndex);
            }
            int capacity = consumer.vertex().head().transformation() instanceof OneInputTransformation<?, ?> t
                    && t.inputBufferCapacity() > 0 ? t.inputBufferCapacity() : queueCapacity(channelCount);
            ElementQueue queue = new ElementQueue(channelIndex, capacity, p.wakeup,
                    metrics.counter(producer, ElementQueue.BACK_PRESSURED_NANOS));
            p.queues.add(queue);
            return queue;
        }

        @Override
        public int sourceChannels(JobVertex vertex, int subtaskIndex) {
            return ((SourceTransformation<?>) vertex.head().transformation())
                    .ownedSplits(subtaskIndex, vertex.parallelism()).size();
        }
    }

    /** Each of a task's {@code channels} rings' share of {@link #TASK_QUEUE_BUDGET}. */
    static int queueCapacity(int channels) {
        int share = Integer.highestOneBit(Math.max(1, TASK_QUEUE_BUDGET / Math.max(1, channels)));
        return Math.max(MIN_QUEUE_CAPACITY, Math.min(MAX_QUEUE_CAPACITY, share));
    }

    List<StreamTask> tasks() {
        return tasks;
    }

    void start() {
        for (StreamTask task : tasks) {
            task.start();
        }
    }

    void cancelAll() {
        for (StreamTask task : tasks) {
            task.cancel();
        }
    }

    /** The operator that failed first, or {@code null}. */
    String failedOperator() {
        synchronized (lock) {
            return failedOperator;
        }
    }

    /** The first failure, or {@code null}. */
    Throwable failure() {
        synchronized (lock) {
            return failure;
        }
    }

    /** The attempt's task and source threads that are still alive. */
    List<Thread> liveThreads() {
        List<Thread> live = new ArrayList<>();
        for (StreamTask task : tasks) {
            live.addAll(task.liveThreads());
        }
        return live;
    }

    /**
     * After a cancellation whose threads did not stop in time: they are left to end on their own, and
     * {@link #join} no longer waits for them.
     */
    void abandon() {
        abandoned = true;
    }

    /** Waits for the last instructions of every thread; call after {@link Listener#attemptTerminated}. */
    void join() throws InterruptedException {
        if (abandoned) {
            return;
        }
        for (StreamTask task : tasks) {
            task.join();
        }
        for (Thread t : schedulerThreads) {
            t.join();
        }
    }

    @Override
    public void taskFailed(String operatorName, Throwable cause) {
        synchronized (lock) {
            if (failure != null) {
                return;
            }
            failure = cause;
            failedOperator = operatorName;
        }
        listener.attemptFailed(this, operatorName, cause);
    }

    @Override
    public void closeFailed(String operatorName, Throwable cause) {
        Throwable first;
        synchronized (lock) {
            first = failure;
        }
        if (first == null) {
            taskFailed(operatorName, cause);
        } else if (first != cause) {
            LOG.warn("close() failed while the job was failing: operator={}", operatorName, cause);
            first.addSuppressed(cause);
        }
    }

    @Override
    public void taskTerminated(StreamTask task) {
        Throwable unreported = task.unreportedFailure();
        if (unreported != null) {
            String operatorName = task.unreportedOperator();
            synchronized (lock) {
                if (failure == null) { // the lost report may have got this far, or not
                    failure = unreported;
                    failedOperator = operatorName;
                }
            }
            try {
                listener.attemptFailed(this, operatorName, unreported); // stops the other tasks, as the report would have
            } catch (VirtualMachineError stillShort) {
                // recorded: the attempt ends failed, not finished
            }
        }
        if (liveTasks.decrementAndGet() > 0) {
            return;
        }
        scheduler.shutdownNow();
        try {
            scheduler.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        listener.attemptTerminated(this);
    }

    /** The accumulators this attempt's functions added. */
    dev.tidemark.runtime.metrics.AccumulatorRegistry accumulators() {
        return accumulators;
    }
}
