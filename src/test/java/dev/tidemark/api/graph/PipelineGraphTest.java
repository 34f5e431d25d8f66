package dev.tidemark.api.graph;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tidemark.api.DataStream;
import dev.tidemark.api.OutputTag;
import dev.tidemark.api.SingleOutputStreamOperator;
import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.api.functions.Aggregations;
import dev.tidemark.api.functions.MapFunction;
import dev.tidemark.api.functions.ProcessFunction;
import dev.tidemark.api.functions.Collector;
import dev.tidemark.api.sink.DiscardingSink;
import dev.tidemark.api.typeinfo.TypeInformation;
import dev.tidemark.eventtime.WatermarkStrategy;
import dev.tidemark.windowing.assigners.TumblingEventTimeWindows;
import dev.tidemark.windowing.triggers.EventTimeTrigger;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The read-only pipeline graph a runner for another engine walks. */
class PipelineGraphTest {

    /** Counts its calls, so a test sees which copy of it ran. */
    static final class Doubling implements MapFunction<Long, Long> {
        int calls;

        @Override
        public Long map(Long value) {
            calls++;
            return value * 2;
        }
    }

    @Test
    void eachNodeSaysWhatItDoesWithItsParallelismNameAndInputs() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(3);
        OutputTag<String> side = new OutputTag<>("side");
        SingleOutputStreamOperator<Long> doubled = env.fromSequence(1, 10)
                .assignTimestampsAndWatermarks(WatermarkStrategy.forMonotonousTimestamps())
                .map(new Doubling()).returns(TypeInformation.of(Long.class)).name("double").uid("double-1")
                .setParallelism(2);
        SingleOutputStreamOperator<Long> windowed = doubled.keyBy(v -> v % 3)
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(1)))
                .allowedLateness(Duration.ofMillis(500))
                .aggregate(Aggregations.count());
        SingleOutputStreamOperator<String> processed = windowed.process(new ProcessFunction<Long, String>() {
            @Override
            public void processElement(Long value, Context ctx, Collector<String> out) {
                ctx.output(side, "side " + value);
            }
        });
        DataStream<String> both = processed.union(processed.getSideOutput(side));
        both.addSink(new DiscardingSink<>());

        PipelineGraph graph = env.getPipelineGraph();

        assertThat(graph.defaultParallelism()).isEqualTo(3);
        assertThat(graph.nodes()).extracting(node -> node.operation().getClass().getSimpleName()).containsExactly(
                "Source", "AssignTimestamps", "Map", "Partition", "Window", "Process", "SideOutput", "Union", "Sink");
        for (PipelineNode node : graph.nodes()) {
            assertThat(node.inputs()).allMatch(input -> input < node.id());
        }
        PipelineNode source = graph.nodes().get(0);
        PipelineNode map = graph.nodes().get(2);
        assertThat(source.inputs()).isEmpty();
        assertThat(map.name()).isEqualTo("double");
        assertThat(map.uid()).isEqualTo("double-1");
        assertThat(map.parallelism()).isEqualTo(2);
        assertThat(map.outputType()).isEqualTo(TypeInformation.of(Long.class));
        assertThat(graph.nodes().get(5).parallelism()).as("an operator without its own").isEqualTo(3);
        assertThat(graph.nodes().get(3).parallelism()).as("a partition has its input's").isEqualTo(2);
        assertThat(graph.consumersOf(graph.nodes().get(5).id()))
                .containsExactly(graph.nodes().get(6).id(), graph.nodes().get(7).id());

        Operation.Partition keyBy = (Operation.Partition) graph.nodes().get(3).operation();
        assertThat(keyBy.partitioning()).isInstanceOf(Partitioning.Hash.class);
        Operation.Window window = (Operation.Window) graph.nodes().get(4).operation();
        assertThat(window.assigner()).isInstanceOf(TumblingEventTimeWindows.class);
        assertThat(window.trigger()).isInstanceOf(EventTimeTrigger.class);
        assertThat(window.allowedLatenessMillis()).isEqualTo(500);
        assertThat(window.aggregate()).isNotNull();
        assertThat(window.reduce()).isNull();
        assertThat(window.lateTag()).isNull();
        assertThat(((Operation.SideOutput) graph.nodes().get(6).operation()).tag()).isEqualTo(side);
        assertThat(graph.nodes().get(7).inputs()).hasSize(2);
    }

    @Test
    void everyGraphHasFreshCopiesOfTheFunctionsAndLeavesThePipelineAsItWas() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(1);
        Doubling doubling = new Doubling();
        env.fromSequence(1, 3).map(doubling).executeAndCollect(); // builds and runs: the graph is then empty
        env.fromSequence(1, 3).map(doubling).addSink(new DiscardingSink<>());

        MapFunction<?, ?> first = ((Operation.Map) env.getPipelineGraph().nodes().get(1).operation()).function();
        MapFunction<?, ?> second = ((Operation.Map) env.getPipelineGraph().nodes().get(1).operation()).function();

        assertThat(first).isInstanceOf(Doubling.class).isNotSameAs(doubling).isNotSameAs(second);
        assertThat(doubling.calls).as("the program's own instance never runs").isZero();
        assertThat(env.getPipelineGraph().nodes()).hasSize(3);
        assertThat(env.getPipelineGraph().nodes()).extracting(PipelineNode::name)
                .containsExactly("Sequence Source", "Map", "Sink");
    }

    @Test
    void twoInputsAreInInputOrderAndAnOperatorOfTheOperatorSpiIsOpaqueByName() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(1);
        DataStream<Long> numbers = env.fromSequence(1, 3);
        DataStream<String> words = env.fromElements("a", "b");
        numbers.connect(words).map(new dev.tidemark.api.functions.CoMapFunction<Long, String, String>() {
            @Override
            public String map1(Long value) {
                return "n" + value;
            }

            @Override
            public String map2(String value) {
                return value;
            }
        }).<String>transform("my operator", ctx -> new dev.tidemark.runtime.operators.MapOperator<>(v -> v, ctx))
                .addSink(new DiscardingSink<>());

        List<PipelineNode> nodes = env.getPipelineGraph().nodes();

        assertThat(nodes.get(2).operation()).isInstanceOf(Operation.CoMap.class);
        assertThat(nodes.get(2).inputs()).containsExactly(nodes.get(0).id(), nodes.get(1).id());
        assertThat(nodes.get(3).operation()).isEqualTo(new Operation.Opaque("my operator"));
    }
}
