package dev.tidemark.runtime.task;

import dev.tidemark.api.ExecutionConfig;
import dev.tidemark.api.JobClient;
import dev.tidemark.api.JobExecutionException;
import dev.tidemark.api.JobExecutionResult;
import dev.tidemark.api.JobStatus;
import dev.tidemark.api.TimeCharacteristic;
import dev.tidemark.runtime.graph.JobGraph;
import dev.tidemark.runtime.graph.JobVertex;
import dev.tidemark.runtime.graph.SourceTransformation;
import dev.tidemark.runtime.metrics.MetricRegistry;
import dev.tidemark.runtime.timers.MailboxProcessingTimeService;
import dev.tidemark.runtime.timers.ProcessingTimeService;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A job running on local threads: one {@link StreamTask} per parallel instance of each vertex,
 * connected by bounded queues, and one scheduler thread for processing-time timers. The first
 * failure cancels every task; the job ends when every thread has ended, so no thread outlives
 * {@link #await()}.
 *
 * <p>Threading: {@link JobClient} methods from any thread; listener methods from task threads.
 */
public final class LocalJob implements JobClient, TaskListener {

    private static final Logger LOG = LoggerFactory.getLogger(LocalJob.class);
    private static final AtomicInteger JOB_IDS = new AtomicInteger();
    private static final int QUEUE_CAPACITY = 1024;

    private final String name;
    private final List<StreamTask> tasks = new ArrayList<>();
    private final MetricRegistry metrics = new MetricRegistry(System::currentTimeMillis);
    private final ScheduledThreadPoolExecutor scheduler;
    private final AtomicInteger liveTasks;
    private final CountDownLatch terminated = new CountDownLatch(1);
    private final Object lock = new Object();
    private final List<Thread> schedulerThreads = new CopyOnWriteArrayList<>();
    private final Duration metricsLogInterval;
    private long startNanos;
    private long endNanos;
    private JobStatus status = JobStatus.CREATED; // guarded by lock
    private boolean cancelRequested; // guarded by lock
    private String failedOperator; // guarded by lock
    private Throwable failure; // guarded by lock

    /** Wires the job's tasks; nothing runs until {@link #start()}. */
    public LocalJob(String name, JobGraph graph, ExecutionConfig config, TimeCharacteristic characteristic) {
        this.name = name;
        this.metricsLogInterval = config.getMetricsLogInterval();
        int id = JOB_IDS.incrementAndGet();
        this.scheduler = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, "tidemark-timers-" + name + "-" + id);
            t.setDaemon(true);
            schedulerThreads.add(t);
            return t;
        });
        scheduler.setRemoveOnCancelPolicy(true);
        ThreadedEnvironment environment = new ThreadedEnvironment();
        List<Subtask> subtasks = JobWiring.wire(graph, new OperatorChain.Settings(config, characteristic, metrics, new AlignmentGroups()), environment);
        for (Subtask subtask : subtasks) {
            TaskParts parts = environment.parts(subtask);
            tasks.add(new StreamTask(name, subtask, parts.queues, parts.wakeup, parts.mailbox, parts.timeService,
                    config, this));
        }
        this.liveTasks = new AtomicInteger(tasks.size());
    }

    /** The queues, mailbox and clock of one task, created while wiring. */
    private static final class TaskParts {
        final Wakeup wakeup = new Wakeup();
        final Mailbox mailbox = new Mailbox(wakeup);
        final List<ElementQueue> queues = new ArrayList<>();
        MailboxProcessingTimeService timeService;
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
        public ChannelWriter channel(Subtask consumer, int channelIndex, ChannelConsumer target, String producer) {
            TaskParts p = parts(consumer);
            ElementQueue queue = new ElementQueue(channelIndex, QUEUE_CAPACITY, p.wakeup,
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

    /** Starts every task. */
    public LocalJob start() {
        synchronized (lock) {
            status = JobStatus.RUNNING;
        }
        startNanos = System.nanoTime();
        LOG.info("Job started: job={}, tasks={}", name, tasks.size());
        for (StreamTask task : tasks) {
            task.start();
        }
        long logInterval = metricsLogInterval.toMillis();
        if (logInterval > 0) {
            scheduler.scheduleAtFixedRate(() -> LOG.info("Metrics: job={}, {}", name, metrics.snapshot()),
                    logInterval, logInterval, TimeUnit.MILLISECONDS);
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
    public void cancel() {
        synchronized (lock) {
            if (status.isTerminal() || cancelRequested || failure != null) {
                return;
            }
            cancelRequested = true;
        }
        LOG.info("Job cancelling: job={}", name);
        cancelAll();
    }

    @Override
    public JobExecutionResult await() throws InterruptedException {
        terminated.await();
        joinThreads();
        return result();
    }

    @Override
    public JobExecutionResult await(Duration timeout) throws InterruptedException, TimeoutException {
        if (!terminated.await(timeout.toNanos(), TimeUnit.NANOSECONDS)) {
            throw new TimeoutException("job did not end in time: job=" + name + ", timeout=" + timeout);
        }
        joinThreads();
        return result();
    }

    /** Every task has reported its end; wait for the last instructions of each thread to run out. */
    private void joinThreads() throws InterruptedException {
        for (StreamTask task : tasks) {
            task.join();
        }
        for (Thread t : schedulerThreads) {
            t.join();
        }
    }

    private JobExecutionResult result() {
        synchronized (lock) {
            if (status == JobStatus.FAILED) {
                throw new JobExecutionException("job '" + name + "' failed: operator '" + failedOperator
                        + "' threw " + failure, failedOperator, failure);
            }
            if (status == JobStatus.CANCELED) {
                throw new CancellationException("job was cancelled: job=" + name);
            }
            return new JobExecutionResult(name, Duration.ofNanos(endNanos - startNanos));
        }
    }

    @Override
    public void taskFailed(String operatorName, Throwable cause) {
        synchronized (lock) {
            if (failure != null || cancelRequested) {
                LOG.debug("Further failure after the job stopped: job={}, operator={}", name, operatorName, cause);
                return;
            }
            failure = cause;
            failedOperator = operatorName;
        }
        LOG.error("Job failing: job={}, operator={}", name, operatorName, cause);
        cancelAll();
    }

    @Override
    public void taskTerminated(StreamTask task) {
        if (liveTasks.decrementAndGet() > 0) {
            return;
        }
        scheduler.shutdownNow();
        try {
            scheduler.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        synchronized (lock) {
            endNanos = System.nanoTime();
            status = failure != null ? JobStatus.FAILED : cancelRequested ? JobStatus.CANCELED : JobStatus.FINISHED;
        }
        LOG.info("Job ended: job={}, status={}", name, status());
        terminated.countDown();
    }

    private void cancelAll() {
        for (StreamTask task : tasks) {
            task.cancel();
        }
    }
}
