package dev.tidemark.api.compat;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.api.sink.SinkFunction;
import dev.tidemark.testing.TestStreamEnvironment;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** {@code getExecutionEnvironment()}, its test context, and Flink's print prefixes. */
class ExecutionEnvironmentTest {

    static final List<String> SEEN = new CopyOnWriteArrayList<>();

    /** A program as Flink programs are written: its own main builds the environment and executes. */
    static final class Program {
        public static void main(String[] args) throws Exception {
            StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
            int parallelism = env.getParallelism();
            env.fromElements("a", "b", "c").map(s -> parallelism + s).addSink(new SinkFunction<String>() {
                @Override
                public void invoke(String value, Context context) {
                    SEEN.add(value);
                }
            });
            env.execute("program");
        }
    }

    @Test
    void aProgramsOwnMain_runsOnTheEnvironmentTheTestSetAsContext() throws Exception {
        SEEN.clear();
        TestStreamEnvironment.setAsContext(3);
        try {
            Program.main(new String[0]);
        } finally {
            TestStreamEnvironment.unsetAsContext();
        }
        assertThat(SEEN).containsExactlyInAnyOrder("3a", "3b", "3c");
        assertThat(StreamExecutionEnvironment.getExecutionEnvironment().getParallelism())
                .as("without a context: Flink's local default, one instance per core")
                .isEqualTo(Runtime.getRuntime().availableProcessors());
        assertThat(StreamExecutionEnvironment.createLocalEnvironment(2).getParallelism()).isEqualTo(2);
    }

    private static List<String> printed(int parallelism, String identifier) throws Exception {
        PrintStream original = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            StreamExecutionEnvironment env = StreamExecutionEnvironment.create().setParallelism(parallelism);
            var stream = env.fromSequence(1, 4);
            if (identifier == null) {
                stream.print();
            } else {
                stream.print(identifier);
            }
            env.execute("print");
        } finally {
            System.setOut(original);
        }
        return captured.toString(StandardCharsets.UTF_8).lines().sorted().toList();
    }

    @Test
    void print_prefixesTheInstanceNumberAboveParallelismOne_asFlinkDoes() throws Exception {
        assertThat(printed(1, null)).containsExactly("1", "2", "3", "4");
        assertThat(printed(1, "out")).containsExactly("out> 1", "out> 2", "out> 3", "out> 4");
        assertThat(printed(2, null)).allMatch(line -> line.matches("[12]> [1-4]")).hasSize(4);
        assertThat(printed(2, "out")).allMatch(line -> line.matches("out:[12]> [1-4]")).hasSize(4)
                .anyMatch(line -> line.startsWith("out:1> ")).anyMatch(line -> line.startsWith("out:2> "));
    }

    @Test
    void aJobOfSourcesOnly_isRefused_asFlinkRefusesIt() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create();
        env.fromElements(1, 2, 3);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> env.execute("sources only"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("pipeline must have an operator or a sink, not only sources");
    }
}
