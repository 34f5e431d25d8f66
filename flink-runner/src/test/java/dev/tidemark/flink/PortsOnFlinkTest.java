package dev.tidemark.flink;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The library's ported Flink programs ({@code dev.tidemark.ports}, whose expected output is Flink's
 * own), each run through its unchanged {@code main} with the Flink runner as the context
 * environment, on a Flink mini cluster: the suite the library runs embedded, run here on Flink.
 * The SQL program runs too: its query plans to DataStream operators, which the runner translates.
 */
class PortsOnFlinkTest {

    /** What {@code main} printed, line by line, with the runner as context at parallelism 1. */
    private static List<String> run(String program) throws Throwable {
        PrintStream original = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        FlinkRunner.setAsContext(() -> StreamExecutionEnvironment.createLocalEnvironment(1), 1);
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            Class.forName("dev.tidemark.ports." + program).getMethod("main", String[].class)
                    .invoke(null, (Object) new String[0]);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        } finally {
            System.setOut(original);
            FlinkRunner.unsetAsContext();
        }
        return captured.toString(StandardCharsets.UTF_8).lines().toList();
    }

    private static List<String> expected(String program) throws IOException {
        try (InputStream in = PortsOnFlinkTest.class.getResourceAsStream("/ports/" + program + ".out")) {
            assertThat(in).as("expected output of %s", program).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"WordCount", "WindowWordCount", "CountWindowAverage", "LateReadings", "TopReadingPerWindow",
            "SessionTimeout", "GeneratedSums", "TopSpeeds", "EnrichRides", "OrderPayments", "ViewsAndClicks",
            "BidsPerMinute"})
    void theProgramPrintsFlinksOutputThroughTheRunner(String program) throws Throwable {
        List<String> printed = run(program);
        List<String> expected = expected(program);
        if (!expected.isEmpty() && expected.get(0).startsWith("# any order")) {
            assertThat(printed).containsExactlyInAnyOrderElementsOf(expected.subList(1, expected.size()));
        } else {
            assertThat(printed).containsExactlyElementsOf(expected);
        }
    }
}
