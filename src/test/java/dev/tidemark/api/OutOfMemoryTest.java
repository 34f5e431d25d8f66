package dev.tidemark.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** A job that runs out of memory fails at once, naming the cause, instead of hanging its JVM. */
class OutOfMemoryTest {

    @Test
    @Timeout(120)
    void outOfMemoryInAWindow_failsTheJob_andExecuteReturns(@TempDir Path dir) throws Exception {
        String java = ProcessHandle.current().info().command().orElse("java");
        Path log = dir.resolve("out.txt"); // a file, not a pipe: a JVM that hangs cannot hang this test with it
        Process process = new ProcessBuilder(java, "-Xmx48m", "-XX:TieredStopAtLevel=1", "-cp",
                System.getProperty("java.class.path"), OutOfMemoryMain.class.getName())
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        boolean ended = process.waitFor(60, TimeUnit.SECONDS);
        if (!ended) {
            process.destroyForcibly().waitFor();
        }
        String printed = Files.readString(log, StandardCharsets.UTF_8);
        String tail = printed.length() > 2_000 ? printed.substring(printed.length() - 2_000) : printed;
        assertThat(ended).as("the JVM ends: %s", tail).isTrue();
        assertThat(printed).as(tail).contains("ended: failed, cause=java.lang.OutOfMemoryError");
    }
}
