package dev.tidemark.flink;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.api.functions.MapFunction;
import dev.tidemark.connectors.file.FileSink;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A job that fails after a checkpoint restarts from Flink's checkpoint and writes its output exactly
 * once through Tidemark's file sink: the source's position and the sink's transactions are in Flink's
 * checkpoints, and the sink commits when Flink says a checkpoint completed.
 */
class ExactlyOnceOnFlinkTest {

    static final long COUNT = 20_000;
    static final AtomicBoolean FAILED = new AtomicBoolean();

    /** Fails once, after the source has waited for a checkpoint half way. */
    static final class FailOnce implements MapFunction<Long, Long> {
        @Override
        public Long map(Long value) {
            if (value == COUNT * 3 / 4 && FAILED.compareAndSet(false, true)) {
                throw new IllegalStateException("failing once at " + value);
            }
            return value;
        }
    }

    /** The lines of the committed part files under {@code directory}, sorted: hidden in-progress files are not output. */
    static List<String> committed(Path directory) throws IOException {
        try (Stream<Path> files = Files.walk(directory)) {
            return files.filter(Files::isRegularFile).filter(f -> !f.getFileName().toString().startsWith("."))
                    .flatMap(f -> {
                        try {
                            return Files.readAllLines(f).stream();
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                    })
                    .sorted().toList();
        }
    }

    /** A local Flink environment that checkpoints every 50 ms and restarts a failed job up to three times. */
    static org.apache.flink.streaming.api.environment.StreamExecutionEnvironment restartingWithCheckpoints(int parallelism) {
        Configuration restarts = new Configuration();
        restarts.set(RestartStrategyOptions.RESTART_STRATEGY, "fixed-delay");
        restarts.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_ATTEMPTS, 3);
        restarts.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_DELAY, Duration.ofMillis(10));
        org.apache.flink.streaming.api.environment.StreamExecutionEnvironment flink =
                org.apache.flink.streaming.api.environment.StreamExecutionEnvironment.createLocalEnvironment(
                        parallelism, restarts);
        flink.enableCheckpointing(50);
        return flink;
    }

    @Test
    void aFailureAfterACheckpointRestoresItAndTheFileSinkWritesEveryNumberOnce(@TempDir Path output) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(2);
        env.addSource(new CheckpointedNumbers(COUNT, true)).name("numbers")
                .map(new FailOnce()).name("fail once")
                .addSink(FileSink.lines(output.toString())).name("files");
        FlinkRunner.execute(env, restartingWithCheckpoints(2), "exactly once");

        assertThat(FAILED).as("the job failed once and recovered").isTrue();
        assertThat(committed(output).stream().map(Long::parseLong).sorted().toList())
                .containsExactlyElementsOf(LongStream.range(0, COUNT).boxed().toList());
    }
}
