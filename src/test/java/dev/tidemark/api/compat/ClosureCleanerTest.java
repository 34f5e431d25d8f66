package dev.tidemark.api.compat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.api.functions.MapFunction;
import dev.tidemark.api.functions.RichMapFunction;
import dev.tidemark.api.functions.WindowFunction;
import dev.tidemark.windowing.assigners.GlobalWindows;
import dev.tidemark.windowing.triggers.CountTrigger;
import dev.tidemark.windowing.windows.GlobalWindow;
import org.junit.jupiter.api.Test;

/**
 * Anonymous functions declared in a test method (this test class is not serializable) serialize as
 * long as they do not use the test instance, as Flink's closure cleaner allows; one that uses it is
 * refused with the usual error.
 */
class ClosureCleanerTest {

    private final String suffix = String.valueOf('!'); // a field of the test instance (not a constant, which javac would inline)

    private static StreamExecutionEnvironment env() {
        return StreamExecutionEnvironment.create().setParallelism(1);
    }

    @Test
    void anonymousFunctionsThatDoNotUseTheTestInstance_run() throws Exception {
        int offset = 10; // captured local variables are fine
        assertThat(env().fromElements(1, 2).map(new MapFunction<Integer, Integer>() {
            @Override
            public Integer map(Integer value) {
                return value + offset;
            }
        }).executeAndCollect()).containsExactly(11, 12);

        assertThat(env().fromElements("a", "b").map(new RichMapFunction<String, String>() {
            @Override
            public String map(String value) {
                return value + getRuntimeContext().getIndexOfThisSubtask();
            }
        }).executeAndCollect()).containsExactly("a0", "b0");

        assertThat(env().fromElements("x", "y", "z").keyBy(s -> 0).window(GlobalWindows.create())
                .trigger(CountTrigger.of(3))
                .apply(new WindowFunction<String, String, Integer, GlobalWindow>() {
                    @Override
                    public void apply(Integer key, GlobalWindow window, Iterable<String> input,
                            dev.tidemark.api.functions.Collector<String> out) {
                        out.collect(String.join("", input));
                    }
                }).executeAndCollect()).as("a function held inside the window operator's spec").containsExactly("xyz");
    }

    @Test
    void anAnonymousFunctionThatUsesTheTestInstance_isRefused_namingTheOperator() {
        assertThatThrownBy(() -> env().fromElements("a").map(new MapFunction<String, String>() {
            @Override
            public String map(String value) {
                return value + suffix;
            }
        })).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("the function of operator 'Map' must be serializable: "
                        + "java.io.NotSerializableException: " + ClosureCleanerTest.class.getName());
    }
}
