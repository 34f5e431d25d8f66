package dev.tidemark.flink;

import dev.tidemark.runtime.flink.FlinkExecutor;
import dev.tidemark.runtime.flink.Translator;
import dev.tidemark.api.graph.Operation;
import dev.tidemark.api.graph.PipelineGraph;
import java.util.concurrent.ExecutionException;
import java.util.function.Supplier;
import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/**
 * Runs a Tidemark pipeline on Apache Flink: the pipeline a Tidemark environment built becomes a
 * Flink job with the same operators, parallelism, partitioning, names and uids, Tidemark's
 * functions running inside Flink's operators. The same program then runs embedded
 * ({@code env.execute()}) or on a Flink cluster ({@code FlinkRunner.execute(env, flinkEnv, name)}).
 *
 * <pre>{@code
 * dev.tidemark.api.StreamExecutionEnvironment env = dev.tidemark.api.StreamExecutionEnvironment.getExecutionEnvironment();
 * buildPipeline(env);
 * FlinkRunner.execute(env, org.apache.flink.streaming.api.environment.StreamExecutionEnvironment.getExecutionEnvironment(),
 *         "my job");
 * }</pre>
 *
 * <p>What the runner cannot translate is refused before anything is submitted, in one message that
 * names each operator and the reason (see {@code docs/how-to/run-on-flink.md}).
 */
public final class FlinkRunner {

    private FlinkRunner() {}

    /**
     * Adds the pipeline built on {@code tidemark} so far to {@code flink}, which the caller then
     * executes; {@code tidemark} is left as it was.
     *
     * @throws UnsupportedOperationException naming each operator the runner cannot translate
     */
    public static void translate(dev.tidemark.api.StreamExecutionEnvironment tidemark, StreamExecutionEnvironment flink) {
        PipelineGraph graph = tidemark.getPipelineGraph();
        if (graph.nodes().stream().anyMatch(node -> node.operation() instanceof Operation.Collect)) {
            throw new UnsupportedOperationException("executeAndCollect() fetches its elements while the job runs:"
                    + " run the pipeline with FlinkRunner.execute or on FlinkRunner.environment, not translate");
        }
        Translator.translate(graph, flink);
    }

    /**
     * Translates the pipeline built on {@code tidemark} onto {@code flink} and executes it there,
     * blocking until the job ends, as Flink's {@code execute} does.
     *
     * @throws UnsupportedOperationException naming each operator the runner cannot translate
     * @throws Exception if the Flink job fails: Flink's exception
     */
    public static JobExecutionResult execute(dev.tidemark.api.StreamExecutionEnvironment tidemark,
            StreamExecutionEnvironment flink, String jobName) throws Exception {
        try {
            return FlinkExecutor.submit(tidemark.getPipelineGraph(), flink, jobName).flinkResult().get();
        } catch (ExecutionException e) {
            throw e.getCause() instanceof Exception cause ? cause : e;
        }
    }

    /**
     * A Tidemark environment whose {@code execute()}, {@code executeAsync()} and
     * {@code executeAndCollect()} run each pipeline on a Flink environment from {@code flink}
     * (called once per job), so a program written against Tidemark's environment runs on Flink
     * unchanged.
     */
    public static dev.tidemark.api.StreamExecutionEnvironment environment(Supplier<StreamExecutionEnvironment> flink) {
        return dev.tidemark.api.StreamExecutionEnvironment.createWith(new FlinkExecutor(flink));
    }

    /**
     * Makes {@code StreamExecutionEnvironment.getExecutionEnvironment()} return {@link #environment}
     * environments until {@link #unsetAsContext()}, at {@code parallelism}: a program's own
     * {@code main} then runs on Flink.
     */
    public static void setAsContext(Supplier<StreamExecutionEnvironment> flink, int parallelism) {
        dev.tidemark.api.StreamExecutionEnvironment.initializeContextEnvironment(configuration -> {
            dev.tidemark.api.StreamExecutionEnvironment env = environment(flink);
            env.setParallelism(parallelism);
            return env;
        });
    }

    /** Undoes {@link #setAsContext}. */
    public static void unsetAsContext() {
        dev.tidemark.api.StreamExecutionEnvironment.resetContextEnvironment();
    }
}
