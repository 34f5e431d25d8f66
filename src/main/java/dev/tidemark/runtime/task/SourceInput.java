package dev.tidemark.runtime.task;

import dev.tidemark.api.TidemarkException;
import dev.tidemark.eventtime.Watermark;
import dev.tidemark.runtime.checkpoint.CheckpointBarrier;
import dev.tidemark.runtime.operators.HeapReserve;
import dev.tidemark.runtime.operators.OperatorException;
import dev.tidemark.runtime.operators.WatermarkStatus;

/**
 * The input of a source vertex's chain: the source's thread runs the chain itself, under a lock
 * that the task thread also takes to run its mail (timers, checkpoint notifications). A record is
 * handled on the core that made it, with no queue between the two threads; the chain's operators
 * still run one at a time, and the lock orders their memory effects, so they need no
 * synchronisation of their own. A source that blocks outside {@code collect} holds nothing, so it
 * delays no timer.
 *
 * <p>The {@link ChainLock} costs the source one compare-and-set per element, and a task thread
 * waiting with mail gets it at the source's next emission, however fast the source emits. A source
 * that emits a burst of elements from memory ({@link SourceContextImpl#drain}) takes it once for the
 * burst instead, and lets a waiting task thread in between two of its elements: only a source that
 * does not block inside a burst may hold the chain across elements. A failure
 * in the chain is reported to the job at once, even if the source catches the exception
 * {@code collect} rethrows; after it, and after {@link #close}, every write throws.
 *
 * <p>Threading: the channels' writes on the source's thread (and a checkpoint barrier on the
 * coordinator's, under the source's checkpoint lock); everything else on the task thread.
 */
final class SourceInput {

    // how a write entered the chain (enter, exit)
    private static final int FAST = 0;
    private static final int SLOW = 1;
    private static final int IN_BURST = 2;

    private final ChainLock lock = new ChainLock();
    private final ChannelConsumer consumer;
    private final InputProcessor input;
    private final Wakeup taskWakeup;
    private final TaskListener listener;
    private final String taskName;
    private volatile boolean finished; // written under the lock, read by the task thread without it
    private boolean closed; // guarded by lock
    private boolean failed; // guarded by lock
    private Thread burstThread; // the source's thread while it holds the chain across a burst; written by it alone
    private boolean burstSlow; // what lockBySource returned for the burst

    /**
     * @param subtask the source vertex's instance, wired
     * @param taskWakeup wakes the task thread when the input ends
     * @param listener where a failure of the chain is reported
     */
    SourceInput(Subtask subtask, Wakeup taskWakeup, TaskListener listener) {
        this.consumer = subtask.channelConsumer();
        this.input = subtask.input();
        this.taskWakeup = taskWakeup;
        this.listener = listener;
        this.taskName = subtask.displayName();
    }

    /** The writer of source channel {@code index}. */
    ChannelWriter channel(int index) {
        return new Channel(index);
    }

    /** Whether every channel has ended (the chain's input has ended). */
    boolean isFinished() {
        return finished;
    }

    /** After the chain's input started: an instance that owns no split has ended already. */
    void start() {
        run(() -> finished = input.isFinished());
    }

    /** Runs {@code action} on the chain, excluding the source's writes; the task thread's way in. */
    void run(Runnable action) {
        lock.lock();
        try {
            action.run();
        } finally {
            lock.unlock();
        }
    }

    /**
     * Stops the source from reaching the chain: every later write throws. Once this returns, the
     * chain is the task thread's alone and sees everything the source's writes did.
     */
    void close() {
        run(() -> closed = true);
    }

    /**
     * The source's thread takes the chain for a burst of writes, which then take no lock of their
     * own; a task thread that waits gets the chain between two of them. Pairs with {@link #endBurst}.
     */
    private void beginBurst() {
        if (burstThread == Thread.currentThread()) {
            throw new IllegalStateException("a burst of task " + taskName + " has begun already");
        }
        burstSlow = lock.lockBySource();
        burstThread = Thread.currentThread();
    }

    private void endBurst() {
        burstThread = null;
        lock.unlockBySource(burstSlow);
    }

    /**
     * Takes the chain for one write, or within the calling thread's burst lets whoever waits for it
     * have it first (other threads never see themselves in {@code burstThread}).
     *
     * @return how it entered, for {@link #exit}
     */
    private int enter() {
        if (burstThread != Thread.currentThread()) {
            return lock.lockBySource() ? SLOW : FAST;
        }
        if (lock.othersWaiting(burstSlow)) {
            lock.unlockBySource(burstSlow);
            burstSlow = lock.lockBySource();
        }
        return IN_BURST;
    }

    private void exit(int entry) {
        if (entry != IN_BURST) {
            lock.unlockBySource(entry == SLOW);
        }
    }

    private interface Delivery {
        void deliver(ChannelConsumer consumer) throws Exception;
    }

    private final class Channel implements ChannelWriter {
        private final int index;

        Channel(int index) {
            this.index = index;
        }

        @Override
        public void writeRecord(Object value, long timestamp) {
            int entry = enter();
            try {
                checkOpen();
                consumer.onRecord(index, value, timestamp);
            } catch (Throwable t) {
                throw fail(t);
            } finally {
                exit(entry);
            }
        }

        @Override
        public void beginBurst() {
            SourceInput.this.beginBurst();
        }

        @Override
        public void endBurst() {
            SourceInput.this.endBurst();
        }

        @Override
        public void writeWatermark(Watermark watermark) {
            write(c -> c.onWatermark(index, watermark));
        }

        @Override
        public void writeStatus(WatermarkStatus status) {
            write(c -> c.onStatus(index, status));
        }

        @Override
        public void writeBarrier(CheckpointBarrier barrier) {
            write(c -> c.onBarrier(index, barrier));
        }

        @Override
        public void writeEnd() {
            write(c -> {
                c.onEnd(index);
                if (input.isFinished()) {
                    finished = true;
                    taskWakeup.wakeAlways();
                }
            });
        }

        /** Everything but records, which are written without a lambda: rare, so a capture costs nothing. */
        private void write(Delivery delivery) {
            int entry = enter();
            try {
                checkOpen();
                delivery.deliver(consumer);
            } catch (Throwable t) {
                throw fail(t);
            } finally {
                exit(entry);
            }
        }
    }

    private void checkOpen() {
        if (closed) {
            throw new TidemarkException("source input closed: the task " + taskName + " stopped while its source was"
                    + " emitting");
        }
        if (failed) {
            throw new TidemarkException("source input failed: the chain of task " + taskName + " failed earlier;"
                    + " the source must stop");
        }
    }

    /** Under the lock: the first failure of the chain is reported, so a source that swallows it cannot hide it. */
    private RuntimeException fail(Throwable t) {
        HeapReserve.releaseOn(t);
        if (!closed && !failed) {
            failed = true;
            if (t instanceof OperatorException e) {
                listener.taskFailed(e.operatorName(), e.getCause());
            } else {
                listener.taskFailed(taskName, t);
            }
        }
        if (t instanceof RuntimeException e) {
            return e;
        }
        if (t instanceof Error e) {
            throw e;
        }
        return new TidemarkException("source input failed: " + t, t);
    }
}
