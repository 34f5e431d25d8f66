package dev.tidemark.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A job that runs out of memory fails at once, naming the cause, instead of hanging its JVM. */
class OutOfMemoryTest {

    @Test
    @Timeout(120)
    void outOfMemoryInAWindow_failsTheJob_andExecuteReturns() throws Exception {
        String java = ProcessHandle.current().info().command().orElse("java");
        Process process = new ProcessBuilder(java, "-Xmx48m", "-XX:TieredStopAtLevel=1", "-cp",
                System.getProperty("java.class.path"), OutOfMemoryMain.class.getName())
                .redirectErrorStream(true).start();
        byte[] output = process.getInputStream().readAllBytes(); // until the JVM ends
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("the JVM ends").isTrue();
        String printed = new String(output, StandardCharsets.UTF_8);
        assertThat(printed).as(printed.length() > 2_000 ? printed.substring(printed.length() - 2_000) : printed)
                .contains("ended: failed, cause=java.lang.OutOfMemoryError");
    }
}
