package dev.tidemark.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tidemark.api.DataStream;
import dev.tidemark.api.JobClient;
import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.checkpoint.ExactlyOnceRecoveryTest.Chaos;
import dev.tidemark.checkpoint.ExactlyOnceRecoveryTest.CrashingMap;
import dev.tidemark.connectors.file.FileSink;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two sources added without a name share their tasks' names. A checkpoint must still know them
 * apart: when one has finished and the other runs on, the finished one's snapshot must not stand for
 * the other, or a restart restores the running source at the finished one's position (its elements
 * since then are lost) and leaves the finished one out (its elements come twice).
 */
class SameNamedSourcesRecoveryTest {

    @Test
    void aSourceThatFinished_doesNotStandForARunningOneOfTheSameName(@TempDir Path dir) throws Exception {
        Chaos.crashAt = new long[] {1_000}; // after the hold below: checkpoints completed since the short source finished
        Chaos.CALLS.set(0);
        Chaos.THROWN.set(0);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create().setParallelism(1);
        env.enableCheckpointing(Duration.ofMillis(10), dir.resolve("checkpoints"));
        env.getCheckpointConfig().setRestartStrategy(RestartStrategy.fixedDelay(3, Duration.ZERO));
        DataStream<Long> finishesAtOnce = env.addSource(new CheckpointedNumbers(0, 10, 0, -1));
        DataStream<Long> runsOn = env.addSource(CheckpointedNumbers.holdingAt(1_000, 3_000, 1_500));
        finishesAtOnce.union(runsOn).map(new CrashingMap())
                .addSink(new FileSink<>(dir.resolve("out").toString(), String::valueOf, 4096));
        JobClient job = env.executeAsync("same-named sources");
        job.await(Duration.ofMinutes(2));

        List<String> expected = new ArrayList<>();
        LongStream.concat(LongStream.range(0, 10), LongStream.range(1_000, 3_000))
                .forEach(v -> expected.add(String.valueOf(v)));
        assertThat(Chaos.THROWN.get()).as("the crash happened").isEqualTo(1);
        assertThat(CommittedParts.read(dir.resolve("out"))).containsExactlyInAnyOrderElementsOf(expected);
    }
}
