package dev.tidemark.api.compat;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.runtime.graph.Planner;
import org.junit.jupiter.api.Test;

/** Flink's chaining hints: kept in the graph, honoured by the planner, results unchanged. */
class ChainingHintsTest {

    private static int vertices(StreamExecutionEnvironment env) {
        return Planner.plan(env.getTransformations(), env.getParallelism()).vertices().size();
    }

    @Test
    void disableChainingAndStartNewChain_cutTheChain_withoutChangingResults() throws Exception {
        StreamExecutionEnvironment chained = StreamExecutionEnvironment.create().setParallelism(2);
        chained.fromSequence(1, 10).map(n -> n * 2).map(n -> n + 1).print();
        assertThat(vertices(chained)).as("source, maps and sink in one chain").isEqualTo(1);

        StreamExecutionEnvironment cut = StreamExecutionEnvironment.create().setParallelism(2);
        cut.fromSequence(1, 10).map(n -> n * 2).disableChaining().map(n -> n + 1).startNewChain()
                .slotSharingGroup("heavy").print();
        assertThat(vertices(cut)).as("the first map alone; the second starts a chain with the sink").isEqualTo(3);

        StreamExecutionEnvironment run = StreamExecutionEnvironment.create().setParallelism(2);
        assertThat(run.fromSequence(1, 10).map(n -> n * 2).disableChaining().map(n -> n + 1).startNewChain()
                .executeAndCollect()).containsExactlyInAnyOrder(3L, 5L, 7L, 9L, 11L, 13L, 15L, 17L, 19L, 21L);
        assertThat(cut.getTransformations()).anyMatch(t -> "heavy".equals(t.slotSharingGroup()));
    }
}
