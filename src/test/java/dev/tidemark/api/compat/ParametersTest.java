package dev.tidemark.api.compat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tidemark.api.MultipleParameterTool;
import dev.tidemark.api.ParameterTool;
import dev.tidemark.api.RuntimeExecutionMode;
import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.api.functions.RichMapFunction;
import dev.tidemark.eventtime.AscendingTimestampsWatermarks;
import dev.tidemark.eventtime.SerializableTimestampAssigner;
import dev.tidemark.eventtime.TimestampAssignerSupplier;
import dev.tidemark.eventtime.WatermarkStrategy;
import dev.tidemark.windowing.assigners.TumblingEventTimeWindows;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Program parameters, global job parameters, runtime modes and Flink's timestamp-assigner shapes. */
class ParametersTest {

    @Test
    void parameterTool_readsArgumentsAsFlinkDoes() {
        ParameterTool params = ParameterTool.fromArgs(new String[] {"--input", "in.txt", "-n", "-5", "--verbose",
                "--rate", "2.5", "--input", "again.txt"});
        assertThat(params.get("input")).as("a repeated key keeps its last value").isEqualTo("again.txt");
        assertThat(params.getInt("n")).as("a negative number is a value").isEqualTo(-5);
        assertThat(params.has("verbose")).isTrue();
        assertThat(params.get("verbose")).isEqualTo(ParameterTool.NO_VALUE_KEY);
        assertThat(params.getBoolean("verbose")).as("as in Flink: a flag is read with has()").isFalse();
        assertThat(params.getDouble("rate")).isEqualTo(2.5);
        assertThat(params.getLong("missing", 7L)).isEqualTo(7L);
        assertThat(params.getNumberOfParameters()).isEqualTo(4);
        assertThatThrownBy(() -> params.getRequired("output")).hasMessage("No data for required key 'output'");
        assertThatThrownBy(() -> ParameterTool.fromArgs(new String[] {"input"}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("Please prefix keys with -- or -.");
        assertThat(params.mergeWith(ParameterTool.fromMap(Map.of("rate", "3"))).get("rate")).isEqualTo("3");

        MultipleParameterTool multi = MultipleParameterTool.fromArgs(new String[] {"--input", "a", "--input", "b"});
        assertThat(multi.getMultiParameter("input")).containsExactly("a", "b");
        assertThatThrownBy(() -> multi.get("input")).isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("key must have one value for get(): key=input");
    }

    /** Reads a global job parameter at run time, both ways Flink programs do. */
    static final class Prefixed extends RichMapFunction<String, String> {
        @Override
        public String map(String value) {
            String fromConfig = ((ParameterTool) getRuntimeContext().getExecutionConfig().getGlobalJobParameters())
                    .get("prefix");
            return fromConfig + getRuntimeContext().getGlobalJobParameters().get("prefix") + value
                    + getRuntimeContext().getTaskInfo().getNumberOfParallelSubtasks();
        }
    }

    @Test
    void globalJobParameters_reachFunctions_andBatchModeRunsAsAStreamWithAFinalWatermark() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create().setParallelism(1);
        env.getConfig().setGlobalJobParameters(ParameterTool.fromArgs(new String[] {"--prefix", ">"}));
        env.setRuntimeMode(RuntimeExecutionMode.BATCH);
        assertThat(env.getRuntimeMode()).isEqualTo(RuntimeExecutionMode.BATCH);
        assertThat(env.fromElements("a").map(new Prefixed()).executeAndCollect()).containsExactly(">>a1");

        StreamExecutionEnvironment batch = StreamExecutionEnvironment.create().setParallelism(1)
                .setRuntimeMode(RuntimeExecutionMode.BATCH);
        assertThat(batch.fromElements(1L, 2L, 12L)
                .assignTimestampsAndWatermarks(WatermarkStrategy.<Long>forMonotonousTimestamps()
                        .withTimestampAssigner((n, ts) -> n))
                .windowAll(TumblingEventTimeWindows.of(Duration.ofMillis(10))).reduce(Long::sum).executeAndCollect())
                .as("every window fires at the end of the input").containsExactly(3L, 12L);
    }

    @Test
    void timestampAssignerSuppliers_andAscendingWatermarks_asFlinkWritesThem() throws Exception {
        SerializableTimestampAssigner<Long> byValue = (n, ts) -> n;
        WatermarkStrategy<Long> strategy = WatermarkStrategy.<Long>forGenerator(context -> new AscendingTimestampsWatermarks<>())
                .withTimestampAssigner(TimestampAssignerSupplier.of(byValue))
                .withIdleness(Duration.ofSeconds(1)); // a derived strategy keeps the supplier's assigner
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create().setParallelism(1);
        assertThat(env.fromElements(5L, 15L, 25L).assignTimestampsAndWatermarks(strategy)
                .windowAll(TumblingEventTimeWindows.of(Duration.ofMillis(10))).reduce(Long::sum).executeAndCollect())
                .containsExactly(5L, 15L, 25L);
    }
}
