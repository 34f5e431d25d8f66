package dev.tidemark.ports;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tidemark.testing.TestStreamEnvironment;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Flink DataStream programs ported by changing their imports only (see
 * {@code docs/migrating-from-flink.md} and {@link ImportMapTest}): each runs through its own
 * {@code main} on the environment a test sets as context, as Flink's own tests run programs, and
 * prints exactly the output of {@code src/test/resources/ports/<Program>.out}, which is Flink's: in
 * that order, unless the file starts with {@code # any order: <why>} (where Flink's order is
 * unspecified, as between keys whose windows fire at one watermark).
 */
@Isolated // it replaces System.out while a program runs
class PortSuiteTest {

    /** What {@code main} printed, line by line, at parallelism 1. */
    static List<String> run(Class<?> program) throws Exception {
        PrintStream original = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        TestStreamEnvironment.setAsContext(1);
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            program.getMethod("main", String[].class).invoke(null, (Object) new String[0]);
        } finally {
            System.setOut(original);
            TestStreamEnvironment.unsetAsContext();
        }
        return captured.toString(StandardCharsets.UTF_8).lines().toList();
    }

    static List<String> expected(String program) throws IOException {
        try (InputStream in = PortSuiteTest.class.getResourceAsStream("/ports/" + program + ".out")) {
            assertThat(in).as("expected output of %s", program).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"WordCount", "WindowWordCount", "CountWindowAverage", "LateReadings", "TopReadingPerWindow",
            "SessionTimeout", "EnrichRides", "GeneratedSums", "TopSpeeds", "OrderPayments", "ViewsAndClicks",
            "BidsPerMinute"})
    void theProgramPrintsFlinksOutput(String program) throws Exception {
        List<String> printed = run(Class.forName("dev.tidemark.ports." + program));
        List<String> expected = expected(program);
        if (!expected.isEmpty() && expected.get(0).startsWith("# any order")) {
            assertThat(printed).containsExactlyInAnyOrderElementsOf(expected.subList(1, expected.size()));
        } else {
            assertThat(printed).containsExactlyElementsOf(expected);
        }
    }
}
