package dev.tidemark.runtime.flink;

import dev.tidemark.runtime.operators.OperatorException;
import dev.tidemark.api.ExecutionConfig;
import dev.tidemark.api.JobClient;
import dev.tidemark.api.JobExecutionResult;
import dev.tidemark.api.JobStatus;
import dev.tidemark.api.TimeCharacteristic;
import dev.tidemark.runtime.graph.PipelineGraphs;
import dev.tidemark.runtime.graph.Transformation;
import dev.tidemark.runtime.task.PipelineExecutor;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/**
 * Runs each pipeline a Tidemark environment executes as a Flink job, on a fresh Flink environment
 * from {@code flink}: what {@code FlinkRunner.environment(..)} puts behind {@code env.execute()}.
 */
public final class FlinkExecutor implements PipelineExecutor {

    private final Supplier<StreamExecutionEnvironment> flink;

    public FlinkExecutor(Supplier<StreamExecutionEnvironment> flink) {
        this.flink = flink;
    }

    @Override
    public JobClient executeAsync(String jobName, List<Transformation<?>> transformations, int parallelism,
            ExecutionConfig config, TimeCharacteristic characteristic) {
        return submit(PipelineGraphs.of(transformations, parallelism, config), flink.get(), jobName);
    }

    /**
     * Translates {@code graph} onto {@code env} and starts it; the elements its
     * {@code executeAndCollect()} nodes fetch are handed on by a thread each while it runs.
     */
    public static FlinkJob submit(dev.tidemark.api.graph.PipelineGraph graph, StreamExecutionEnvironment env,
            String jobName) {
        List<Translator.Collected> collected = Translator.translate(graph, env);
        org.apache.flink.core.execution.JobClient client;
        try {
            client = env.executeAsync(jobName);
        } catch (Exception e) {
            throw new IllegalStateException("Flink did not accept job '" + jobName + "': " + e.getMessage(), e);
        }
        return new FlinkJob(jobName, client, collected);
    }

    /** Flink's failure of job {@code jobName}, with Flink's own message (which names the task that failed). */
    private static dev.tidemark.api.JobExecutionException failed(String jobName, ExecutionException e) {
        for (Throwable cause = e.getCause(); cause != null; cause = cause.getCause()) {
            if (cause instanceof OperatorException failure) {
                return new dev.tidemark.api.JobExecutionException("job '" + jobName + "' failed on Flink: operator '"
                        + failure.operatorName() + "' failed: " + failure.getCause(), failure.operatorName(),
                        failure.getCause());
            }
        }
        Throwable root = e.getCause();
        while (root.getCause() != null) {
            root = root.getCause();
        }
        return new dev.tidemark.api.JobExecutionException("job '" + jobName + "' failed on Flink: " + root, null, root);
    }

    /**
     * A Tidemark job client over Flink's. Once the job has ended, its status comes from its result,
     * since Flink's local environment shuts its mini cluster down with the job.
     */
    public static final class FlinkJob implements JobClient {
        private final String jobName;
        private final org.apache.flink.core.execution.JobClient flink;
        private final CompletableFuture<org.apache.flink.api.common.JobExecutionResult> result;
        private final List<CompletableFuture<Void>> drained; // one per executeAndCollect() node
        private volatile boolean cancelled;

        FlinkJob(String jobName, org.apache.flink.core.execution.JobClient flink, List<Translator.Collected> collected) {
            this.jobName = jobName;
            this.flink = flink;
            this.drained = collected.stream().map(c -> CompletableFuture.runAsync(() -> drain(c), runnable -> {
                Thread thread = new Thread(runnable, "Tidemark collect of " + jobName);
                thread.setDaemon(true);
                thread.start();
            })).toList();
            // the job counts as ended once every collected element is where the program reads it
            this.result = flink.getJobExecutionResult().thenCompose(r -> CompletableFuture
                    .allOf(drained.toArray(CompletableFuture[]::new)).thenApply(done -> r));
        }

        private static void drain(Translator.Collected collected) {
            try (org.apache.flink.util.CloseableIterator<Object> elements = collected.elements()) {
                elements.forEachRemaining(collected.into()::collect);
            } catch (Exception e) {
                throw new java.util.concurrent.CompletionException(e);
            }
        }

        /** Flink's own result of the job, once it ended and its collected elements were handed on. */
        public CompletableFuture<org.apache.flink.api.common.JobExecutionResult> flinkResult() {
            return result;
        }

        @Override
        public String jobName() {
            return jobName;
        }

        @Override
        public JobStatus status() {
            if (result.isDone()) {
                return !result.isCompletedExceptionally() ? JobStatus.FINISHED
                        : cancelled ? JobStatus.CANCELED : JobStatus.FAILED;
            }
            try {
                return JobStatus.valueOf(flink.getJobStatus().get().name());
            } catch (IllegalArgumentException e) {
                return JobStatus.RUNNING; // Flink's states between these (cancelling, failing, suspended)
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while asking Flink for the status of job " + jobName, e);
            } catch (ExecutionException e) {
                if (result.isDone()) {
                    return status(); // it ended while asked
                }
                throw new IllegalStateException("Flink could not tell the status of job " + jobName, e.getCause());
            }
        }

        @Override
        public Map<String, Long> metrics() {
            return Map.of(); // Flink's metrics are in Flink's reporters and web UI
        }

        @Override
        public CompletableFuture<Void> cancel() {
            cancelled = true;
            return flink.cancel().thenApply(ack -> null);
        }

        @Override
        public CompletableFuture<JobExecutionResult> getJobExecutionResult() {
            return result.thenApply(result -> new JobExecutionResult(jobName,
                    Duration.ofMillis(result.getNetRuntime()), result.getAllAccumulatorResults()));
        }

        @Override
        public CompletableFuture<Path> triggerSavepoint(Path directory) {
            return flink.triggerSavepoint(directory.toUri().toString(),
                    org.apache.flink.core.execution.SavepointFormatType.CANONICAL).thenApply(Path::of);
        }

        @Override
        public JobExecutionResult await() throws InterruptedException {
            try {
                return getJobExecutionResult().get();
            } catch (ExecutionException e) {
                throw failed(jobName, e);
            }
        }

        @Override
        public JobExecutionResult await(Duration timeout) throws InterruptedException, TimeoutException {
            try {
                return getJobExecutionResult().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            } catch (ExecutionException e) {
                throw failed(jobName, e);
            }
        }
    }
}
