package dev.tidemark.runtime.table;

import dev.tidemark.api.CloseableIterator;
import dev.tidemark.api.DataStream;
import dev.tidemark.api.JobClient;
import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.api.sink.SinkFunction;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.UUID;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * The rows of {@code executeSql("SELECT ..")}, read while its job runs: the job's sink hands them
 * over through a bounded queue, so a reader that does not keep up holds the job back rather than
 * buffering without limit. The iterator ends when the job has finished and its rows are read, throws
 * the job's failure, and cancels the job when closed early.
 */
public final class CollectedRows<T> implements CloseableIterator<T> {

    private static final int CAPACITY = 4_096;
    // sinks are copied into the job, so they find their queue by name (jobs run in this JVM)
    private static final Map<String, BlockingQueue<Object>> QUEUES = new ConcurrentHashMap<>();

    private final String id;
    private final BlockingQueue<Object> queue;
    private final JobClient job;
    private T next;
    private boolean closed;

    private CollectedRows(String id, BlockingQueue<Object> queue, JobClient job) {
        this.id = id;
        this.queue = queue;
        this.job = job;
    }

    /** Adds a sink of {@code stream} and starts the environment's job as {@code jobName}. */
    public static <T> CollectedRows<T> start(DataStream<T> stream, StreamExecutionEnvironment env, String jobName) {
        String id = UUID.randomUUID().toString();
        BlockingQueue<Object> queue = new ArrayBlockingQueue<>(CAPACITY);
        QUEUES.put(id, queue);
        stream.addSink(new QueueSink<>(id)).name("Collect");
        try {
            return new CollectedRows<>(id, queue, env.executeAsync(jobName));
        } catch (RuntimeException e) {
            QUEUES.remove(id);
            throw e;
        }
    }

    /** The job the rows come from. */
    public JobClient job() {
        return job;
    }

    @Override
    public boolean hasNext() {
        while (next == null && !closed) {
            try {
                @SuppressWarnings("unchecked")
                T taken = (T) queue.poll(50, TimeUnit.MILLISECONDS);
                if (taken != null) {
                    next = taken;
                } else if (job.getJobExecutionResult().isDone() && queue.isEmpty()) {
                    end();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for the rows of job '" + job.jobName() + "'",
                        e);
            }
        }
        return next != null;
    }

    /** Ends the rows once the job has ended: quietly if it finished, with its failure if not. */
    private void end() {
        close();
        try {
            job.getJobExecutionResult().get();
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause().getMessage(), e.getCause()); // names the job and operator
        } catch (java.util.concurrent.CancellationException e) {
            // cancelled from outside: the rows end here
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public T next() {
        if (!hasNext()) {
            throw new NoSuchElementException("no more rows: the job '" + job.jobName() + "' has ended");
        }
        T row = next;
        next = null;
        return row;
    }

    /** Stops reading; cancels the job if it is still running. */
    @Override
    public void close() {
        if (!closed) {
            closed = true;
            QUEUES.remove(id);
            job.cancel();
        }
    }

    /** Puts every row into the queue named {@code id}, waiting while it is full. */
    private static final class QueueSink<T> implements SinkFunction<T> {
        private static final long serialVersionUID = 1L;
        private final String id;
        private transient BlockingQueue<Object> queue;

        QueueSink(String id) {
            this.id = id;
        }

        @Override
        public void invoke(T row, Context context) throws InterruptedException {
            if (queue == null) {
                queue = QUEUES.get(id);
                if (queue == null) {
                    throw new IllegalStateException("the rows of this query are no longer read (its iterator was"
                            + " closed)");
                }
            }
            while (!queue.offer(row, 50, TimeUnit.MILLISECONDS)) {
                if (!QUEUES.containsKey(id)) {
                    throw new IllegalStateException("the rows of this query are no longer read (its iterator was"
                            + " closed)");
                }
            }
        }
    }
}
