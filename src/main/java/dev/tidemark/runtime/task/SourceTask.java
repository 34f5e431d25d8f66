package dev.tidemark.runtime.task;

import dev.tidemark.api.ExecutionConfig;
import dev.tidemark.api.TimeCharacteristic;
import dev.tidemark.api.functions.RichFunction;
import dev.tidemark.api.source.SourceFunction;
import dev.tidemark.runtime.graph.ChainPlan;
import dev.tidemark.runtime.metrics.MetricRegistry;
import dev.tidemark.runtime.operators.BasicRuntimeContext;
import dev.tidemark.runtime.operators.OperatorException;
import dev.tidemark.runtime.timers.MailboxProcessingTimeService;
import java.util.concurrent.ScheduledExecutorService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One source and its chain, on two threads: the source thread runs the user's
 * {@link SourceFunction#run} and writes into a bounded {@link ElementQueue}; the task thread owns
 * the operators and alternates between mail (timers) and draining the queue into the chain. So a
 * source that blocks never delays timers, and no lock is taken per record.
 *
 * <p>Threading: {@link #start} and {@link #cancel} from any thread; everything else on the task's
 * own two threads.
 */
final class SourceTask {

    private static final Logger LOG = LoggerFactory.getLogger(SourceTask.class);
    private static final int QUEUE_CAPACITY = 1024;
    private static final int DRAIN_LIMIT = 256;
    private static final long STOP_WARNING_MILLIS = 5_000;

    private final String jobName;
    private final ChainPlan plan;
    private final ExecutionConfig config;
    private final TimeCharacteristic characteristic;
    private final TaskListener listener;
    private final MetricRegistry metrics;
    private final Mailbox mailbox = new Mailbox();
    private final ElementQueue queue = new ElementQueue(0, QUEUE_CAPACITY);
    private final MailboxProcessingTimeService timeService;
    private final SourceFunction<Object> source;
    private final SourceContextImpl<Object> sourceContext;
    private final Thread taskThread;
    private final Thread sourceThread;
    private volatile boolean cancelled; // written by any thread, read by the task thread

    @SuppressWarnings("unchecked")
    SourceTask(String jobName, ChainPlan plan, ExecutionConfig config, TimeCharacteristic characteristic,
            ScheduledExecutorService scheduler, MetricRegistry metrics, TaskListener listener) {
        this.metrics = metrics;
        this.jobName = jobName;
        this.plan = plan;
        this.config = config;
        this.characteristic = characteristic;
        this.listener = listener;
        this.timeService = new MailboxProcessingTimeService(scheduler, mailbox);
        this.source = (SourceFunction<Object>) plan.source().newFunction();
        this.sourceContext = new SourceContextImpl<>(plan.source().name(), queue);
        String suffix = jobName + "/" + plan.source().name() + " (1/1)";
        this.taskThread = new Thread(this::runTask, "tidemark-task-" + suffix);
        this.sourceThread = new Thread(this::runSource, "tidemark-source-" + suffix);
    }

    void start() {
        taskThread.start();
    }

    /** Stops the task soon: cancels and interrupts the source, wakes the task thread. Idempotent. */
    void cancel() {
        if (cancelled) {
            return;
        }
        cancelled = true;
        sourceContext.cancel();
        try {
            source.cancel();
        } catch (RuntimeException e) {
            LOG.warn("Source cancel() threw: job={}, source={}", jobName, plan.source().name(), e);
        }
        queue.close();
        sourceThread.interrupt();
        mailbox.execute(() -> {}); // wakes the task thread if it is parked
    }

    /** Waits until both threads have ended; call only after the task reported its termination. */
    void join() throws InterruptedException {
        taskThread.join();
        if (sourceThread.isAlive()) {
            sourceThread.join();
        }
    }

    private void runTask() {
        OperatorChain chain = null;
        boolean inputEnded = false;
        mailbox.bindOwner(taskThread);
        queue.bindConsumer(taskThread);
        try {
            chain = new OperatorChain(plan, config, characteristic, timeService, metrics);
            chain.open();
            InputProcessor input = new InputProcessor(chain, 1);
            if (!cancelled) {
                sourceThread.start();
            }
            while (!cancelled && !input.isFinished()) {
                mailbox.runAll();
                int drained = queue.drain(input, DRAIN_LIMIT);
                if (drained == 0 && !mailbox.hasMail() && !cancelled) {
                    queue.parkConsumer(ElementQueue.MAX_PARK_NANOS);
                }
            }
            inputEnded = input.isFinished();
        } catch (OperatorException e) {
            listener.taskFailed(e.operatorName(), e.getCause());
        } catch (Throwable t) {
            listener.taskFailed(plan.source().name(), t);
        } finally {
            timeService.shutdown();
            if (chain != null) {
                RuntimeException closeFailure = chain.closeAll();
                if (closeFailure instanceof OperatorException e) {
                    listener.taskFailed(e.operatorName(), e.getCause());
                }
            }
            stopSourceThread(inputEnded);
            listener.taskTerminated(this);
        }
    }

    private void runSource() {
        String name = plan.source().name();
        try {
            if (source instanceof RichFunction rich) {
                rich.open(new BasicRuntimeContext(name, 0, 1));
            }
            try {
                source.run(sourceContext);
                if (!sourceContext.isCancelled()) {
                    sourceContext.finish(config.getEndOfInput());
                }
            } finally {
                if (source instanceof RichFunction rich) {
                    rich.close();
                }
            }
        } catch (Throwable t) {
            if (sourceContext.isCancelled()) {
                LOG.debug("Source stopped by cancellation: job={}, source={}, cause={}", jobName, name, t.toString());
            } else {
                listener.taskFailed(name, t);
            }
        }
    }

    private void stopSourceThread(boolean inputEnded) {
        if (!sourceThread.isAlive()) {
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
                LOG.warn("Source thread has not stopped after cancel(): job={}, source={}; its run() must return"
                        + " when cancelled or interrupted", jobName, plan.source().name());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
