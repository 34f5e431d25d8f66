package dev.tidemark.flink;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tidemark.api.StreamExecutionEnvironment;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.apache.flink.runtime.jobgraph.JobVertex;
import org.junit.jupiter.api.Test;

/**
 * A translated job is chained as the same job written for Flink: operators that Flink would run in
 * one task run in one (no serialisation, no network buffer between them, which would add up to
 * Flink's buffer timeout to every result's latency), and the program's own chaining settings carry over.
 */
class ChainingOnFlinkTest {

    @Test
    void sourceMapFilterAndSinkRunInOneTask() {
        assertThat(tasksOf(numbers -> numbers.map(n -> n * 2).filter(n -> n > 2)))
                .containsExactly("Source: Sequence Source -> Map -> Filter -> chained sink");
    }

    @Test
    void disableChainingAndStartNewChainAreCarriedOver() {
        assertThat(tasksOf(numbers -> numbers.map(n -> n * 2).name("alone").disableChaining()
                        .filter(n -> n > 2).name("starts").startNewChain()))
                .containsExactlyInAnyOrder("Source: Sequence Source", "alone", "starts -> chained sink");
    }

    /** The names of the Flink job's tasks for {@code pipeline} between a sequence and a sink, at parallelism 1. */
    private static List<String> tasksOf(UnaryOperator<dev.tidemark.api.DataStream<Long>> pipeline) {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(1);
        pipeline.apply(env.fromSequence(1, 3)).addSink(Results.sink("chained")).name("chained sink");
        org.apache.flink.streaming.api.environment.StreamExecutionEnvironment flink =
                org.apache.flink.streaming.api.environment.StreamExecutionEnvironment.createLocalEnvironment(1);
        FlinkRunner.translate(env, flink);
        List<String> tasks = new ArrayList<>();
        for (JobVertex vertex : flink.getStreamGraph().getJobGraph().getVertices()) {
            tasks.add(vertex.getName());
        }
        return tasks;
    }
}
