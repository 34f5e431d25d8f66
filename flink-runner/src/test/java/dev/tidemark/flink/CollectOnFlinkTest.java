package dev.tidemark.flink;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tidemark.api.StreamExecutionEnvironment;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/** {@code executeAndCollect()} on Flink: the elements come back from the job, as embedded. */
class CollectOnFlinkTest {

    private static StreamExecutionEnvironment onFlink(int parallelism) {
        StreamExecutionEnvironment env = FlinkRunner.environment(() -> org.apache.flink.streaming.api.environment
                .StreamExecutionEnvironment.createLocalEnvironment(parallelism));
        env.setParallelism(parallelism);
        return env;
    }

    @Test
    void theCollectedElementsComeBackInOrderAtParallelismOne() throws Exception {
        List<Long> doubled = onFlink(1).fromSequence(1, 5_000).map(i -> i * 2).executeAndCollect();

        assertThat(doubled).containsExactlyElementsOf(LongStream.rangeClosed(1, 5_000).map(i -> i * 2).boxed().toList());
    }

    @Test
    void atParallelismTwoEveryElementComesBackOnce() throws Exception {
        List<Long> collected = onFlink(2).fromSequence(1, 5_000).filter(i -> i % 3 != 0).executeAndCollect();

        assertThat(collected).containsExactlyInAnyOrderElementsOf(
                LongStream.rangeClosed(1, 5_000).filter(i -> i % 3 != 0).boxed().toList());
    }
}
