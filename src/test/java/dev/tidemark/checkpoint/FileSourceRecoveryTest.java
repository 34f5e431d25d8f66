package dev.tidemark.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tidemark.api.JobClient;
import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.api.functions.MapFunction;
import dev.tidemark.connectors.file.FileSink;
import dev.tidemark.connectors.file.FileSource;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A file source resumes from its checkpointed position: every line lands exactly once. */
class FileSourceRecoveryTest {

    static final class CrashingMap implements MapFunction<String, String> {
        @Override
        public String map(String line) {
            ExactlyOnceRecoveryTest.Chaos.maybeCrash("map");
            return line;
        }
    }

    @Test
    void fileSource_crashesAndRestarts_everyLineCommittedOnce(@TempDir Path dir) throws Exception {
        Path input = Files.createDirectories(dir.resolve("in"));
        List<String> expected = new ArrayList<>();
        for (int f = 0; f < 20; f++) {
            List<String> lines = new ArrayList<>();
            for (int i = 0; i < 500; i++) {
                lines.add("file" + f + "-line" + i);
            }
            Files.write(input.resolve("f" + f + ".txt"), lines);
            expected.addAll(lines);
        }
        ExactlyOnceRecoveryTest.Chaos.arm(99, 10, 12_000);
        Path output = dir.resolve("out");

        StreamExecutionEnvironment env = StreamExecutionEnvironment.create();
        env.setParallelism(2);
        env.enableCheckpointing(Duration.ofMillis(10), dir.resolve("checkpoints"));
        env.getCheckpointConfig().setRestartStrategy(RestartStrategy.fixedDelay(100, Duration.ZERO));
        FileSource.lines(input.toString()).splitSize(1_000).build(env)
                .map(new CrashingMap())
                .addSink(FileSink.lines(output.toString()));
        JobClient job = env.executeAsync("file recovery");
        job.await(Duration.ofMinutes(2));

        assertThat(CommittedParts.read(output)).isEqualTo(expected.stream().sorted().toList());
        assertThat(ExactlyOnceRecoveryTest.Chaos.THROWN.get()).isPositive();
    }

}
