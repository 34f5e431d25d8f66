package dev.tidemark.table;

import dev.tidemark.api.CloseableIterator;
import dev.tidemark.api.JobClient;
import java.io.PrintStream;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.concurrent.ExecutionException;

/**
 * What {@link StreamTableEnvironment#executeSql} did: nothing more for a CREATE; for an
 * {@code INSERT INTO} the job it started, which runs until its sources end (or for ever, for an
 * unbounded source) and can be waited for or cancelled; for a {@code SELECT} that job and its rows,
 * read with {@link #collect()} or {@link #print()} while it runs.
 */
public final class TableResult {

    private final JobClient job;
    private final CloseableIterator<Row> rows; // null but for a SELECT
    private final List<String> columns;
    private boolean collected;

    TableResult(JobClient job) {
        this(job, null, List.of());
    }

    TableResult(JobClient job, CloseableIterator<Row> rows, List<String> columns) {
        this.job = job;
        this.rows = rows;
        this.columns = List.copyOf(columns);
    }

    /**
     * The rows of a {@code SELECT}, as its job makes them: {@code hasNext()} waits for the next one
     * and is false once the job has finished; it throws if the job failed. Close the iterator to stop
     * early, which cancels the job. Empty for other statements. Read once: a second call fails.
     */
    public CloseableIterator<Row> collect() {
        if (collected) {
            throw new IllegalStateException("the rows of this result were collected already; a query's rows are read"
                    + " once");
        }
        collected = true;
        return rows != null ? rows : new NoRows();
    }

    /**
     * Prints the rows of a {@code SELECT} to standard output as they come, one per line after a line
     * of the column names, until the job ends (for ever, for an unbounded query); prints "OK" for
     * other statements.
     */
    public void print() {
        print(System.out);
    }

    void print(PrintStream out) {
        if (rows == null) {
            out.println("OK");
            return;
        }
        out.println(String.join(", ", columns));
        try (CloseableIterator<Row> it = collect()) {
            while (it.hasNext()) {
                out.println(it.next());
            }
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("closing the rows failed", e);
        }
    }

    /** The job an {@code INSERT INTO} started; empty for other statements. */
    public Optional<JobClient> getJobClient() {
        return Optional.ofNullable(job);
    }

    /**
     * Waits until the statement's job has ended; returns at once for a statement without one.
     *
     * @throws ExecutionException if the job failed or was cancelled, with the cause
     */
    public void await() throws InterruptedException, ExecutionException {
        if (job != null) {
            try {
                job.getJobExecutionResult().get();
            } catch (java.util.concurrent.CancellationException e) {
                throw new ExecutionException("the job '" + job.jobName() + "' was cancelled", e);
            }
        }
    }

    /** The rows of a statement that has none. */
    private static final class NoRows implements CloseableIterator<Row> {
        @Override
        public boolean hasNext() {
            return false;
        }

        @Override
        public Row next() {
            throw new NoSuchElementException("this statement has no rows");
        }

        @Override
        public void close() {}
    }
}
