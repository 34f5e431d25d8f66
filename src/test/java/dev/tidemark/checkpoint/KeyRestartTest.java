package dev.tidemark.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Keyed state restored in a new JVM stays with its keys: enums (whose hashCode is their identity,
 * different in every process) and records holding them hash by name, so they land in the key
 * groups they were written to.
 */
class KeyRestartTest {

    @ParameterizedTest
    @ValueSource(strings = {"enum", "record", "string"})
    @Timeout(120)
    void keyedState_restoredInANewJvm_continuesEveryKeysCount(String kind, @TempDir Path dir) throws Exception {
        Path checkpoints = dir.resolve("checkpoints");
        run(kind, checkpoints, "-", dir.resolve("first.txt"), 1);
        List<String> first = Files.readAllLines(dir.resolve("first.txt"));
        assertThat(first).hasSize(3).allMatch(line -> line.endsWith("=1"));

        run(kind, dir.resolve("again"), latestCheckpoint(checkpoints).toString(), dir.resolve("second.txt"), 1_000);
        assertThat(Files.readAllLines(dir.resolve("second.txt")))
                .as("every key's count goes on from the restored state")
                .containsExactlyElementsOf(first.stream().map(line -> line.replace("=1", "=2")).toList());
    }

    private static Path latestCheckpoint(Path checkpoints) throws IOException {
        try (Stream<Path> dirs = Files.list(checkpoints)) {
            return dirs.filter(d -> Files.exists(d.resolve("_metadata")))
                    .max((a, b) -> Long.compare(id(a), id(b))).orElseThrow();
        }
    }

    private static long id(Path checkpoint) {
        String name = checkpoint.getFileName().toString();
        return Long.parseLong(name.substring(name.indexOf('-') + 1));
    }

    private static void run(String kind, Path checkpoints, String restore, Path out, int identityHashes)
            throws Exception {
        String java = ProcessHandle.current().info().command().orElse("java");
        Process process = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                KeyRestartMain.class.getName(), kind, checkpoints.toString(), restore, out.toString(),
                String.valueOf(identityHashes))
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        assertThat(process.waitFor(100, TimeUnit.SECONDS)).as("the JVM ends").isTrue();
        assertThat(process.exitValue()).as("exit code").isZero();
    }
}
