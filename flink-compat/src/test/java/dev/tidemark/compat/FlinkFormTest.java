package dev.tidemark.compat;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The ported programs, with their imports turned back into Flink's (compiled here as test sources,
 * against Flink: see the pom), compile against Flink and
 * print on Flink's local environment (at parallelism 1) the output Tidemark is expected to print:
 * what proves that porting them took import changes only.
 */
class FlinkFormTest {

    private static final Path FLINK_FORMS = Path.of("../target/flink-ports");
    private static final Path EXPECTED = Path.of("../src/test/resources/ports");

    static List<String> programs() throws Exception {
        assertThat(FLINK_FORMS).as("the library's build writes the Flink forms there: run it first").isDirectory();
        try (Stream<Path> files = Files.list(FLINK_FORMS)) {
            return files.map(f -> f.getFileName().toString().replace(".java", "")).sorted().toList();
        }
    }

    @BeforeAll
    static void runFlinkAtParallelismOne() {
        StreamExecutionEnvironment.setDefaultLocalParallelism(1);
    }

    @ParameterizedTest
    @MethodSource("programs")
    void printsOnFlinkWhatTidemarkIsExpectedToPrint(String program) throws Exception {
        List<String> expected = Files.readAllLines(EXPECTED.resolve(program + ".out"));
        List<String> printed = runOnFlink(program);
        if (!expected.isEmpty() && expected.get(0).startsWith("# any order")) {
            assertThat(printed).containsExactlyInAnyOrderElementsOf(expected.subList(1, expected.size()));
        } else {
            assertThat(printed).containsExactlyElementsOf(expected);
        }
    }

    private static List<String> runOnFlink(String program) throws Exception {
        PrintStream original = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        Class<?> main = Class.forName("dev.tidemark.ports." + program);
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            main.getMethod("main", String[].class).invoke(null, (Object) new String[0]);
        } finally {
            System.setOut(original);
        }
        return captured.toString(StandardCharsets.UTF_8).lines().toList();
    }
}
