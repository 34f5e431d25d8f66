package dev.tidemark.runtime.flink;

import dev.tidemark.api.ExecutionConfig;
import dev.tidemark.api.graph.Operation;
import dev.tidemark.api.graph.Partitioning;
import dev.tidemark.api.graph.PipelineGraph;
import dev.tidemark.api.graph.PipelineNode;
import dev.tidemark.api.source.SourceFunction;
import dev.tidemark.api.source.SplitSource;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.KeyedStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.datastream.WindowedStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.operators.ChainingStrategy;
import org.apache.flink.streaming.api.transformations.PhysicalTransformation;

/**
 * Builds the Flink job of a Tidemark {@link PipelineGraph}, node by node, onto Flink's DataStream
 * API: the same operators with the same parallelism, partitioning, names and uids, Tidemark's
 * functions inside Flink's adapters. Everything the runner cannot translate is found first and
 * refused in one message, before any of the Flink job is built.
 */
public final class Translator {

    private final PipelineGraph graph;
    private final StreamExecutionEnvironment flink;
    private final Map<Integer, DataStream<?>> streams = new HashMap<>();
    private final List<Collected> collected = new ArrayList<>();

    /** What an {@code executeAndCollect()} node fetches from the job, and where it hands it. */
    public record Collected(org.apache.flink.util.CloseableIterator<Object> elements,
            dev.tidemark.api.functions.Collector<Object> into) {}

    private Translator(PipelineGraph graph, StreamExecutionEnvironment flink) {
        this.graph = graph;
        this.flink = flink;
    }

    /**
     * Adds the job of {@code graph} to {@code flink}.
     *
     * @return what the job's {@code executeAndCollect()} nodes fetch, to be drained once it runs
     * @throws UnsupportedOperationException naming each node the runner cannot translate, and why
     */
    public static List<Collected> translate(PipelineGraph graph, StreamExecutionEnvironment flink) {
        List<String> problems = new ArrayList<>();
        for (PipelineNode node : graph.nodes()) {
            String problem = problem(node);
            if (problem != null) {
                problems.add("operator '" + node.name() + "' (node " + node.id() + "): " + problem);
            }
        }
        if (!problems.isEmpty()) {
            throw new UnsupportedOperationException("the Flink runner cannot translate this pipeline:\n  "
                    + String.join("\n  ", problems));
        }
        Translator translator = new Translator(graph, flink);
        translator.build();
        return List.copyOf(translator.collected);
    }

    /** Why the runner cannot translate {@code node}, or {@code null} if it can. */
    private static String problem(PipelineNode node) {
        Operation op = node.operation();
        if (op instanceof Operation.Opaque) {
            return "it is not one of the operators the runner translates (sources, map, filter, flatMap, process,"
                    + " timestamps and watermarks, keyBy and the other partitionings, keyed process functions,"
                    + " keyed reduce, windows, connected streams' functions, interval and window joins, sinks,"
                    + " side outputs, union)";
        }
        if (op instanceof Operation.Source source && Connectors.isKafkaSource(source.function())) {
            return Connectors.kafkaProblem();
        }
        if (op instanceof Operation.ReadFiles) {
            return Connectors.fileProblem();
        }
        Object windowFunction = op instanceof Operation.Window w ? w.function()
                : op instanceof Operation.WindowCoGroup g ? g.function() : null;
        if (windowFunction instanceof dev.tidemark.checkpoint.CheckpointListener) {
            return "its function " + windowFunction.getClass().getName() + " listens for completed checkpoints, which"
                    + " Flink's window operator does not tell the functions it wraps";
        }
        return null;
    }

    private void build() {
        ExecutionConfig config = graph.config();
        flink.setParallelism(graph.defaultParallelism());
        flink.setMaxParallelism(config.getMaxParallelism());
        flink.getConfig().setAutoWatermarkInterval(config.getAutoWatermarkIntervalMillis());
        flink.getConfig().enableObjectReuse(); // Tidemark hands elements on by reference; so does Flink with reuse
        if (config.getCheckpointConfig().isCheckpointingEnabled()) {
            flink.enableCheckpointing(config.getCheckpointConfig().getInterval().toMillis());
        }
        for (PipelineNode node : graph.nodes()) {
            if (!isFileMonitor(node)) {
                streams.put(node.id(), translate(node));
            }
        }
    }

    /** Whether {@code node} lists files for file readers only, which list them on Flink themselves. */
    private boolean isFileMonitor(PipelineNode node) {
        if (!(node.operation() instanceof Operation.Source)) {
            return false;
        }
        List<PipelineNode> consumers = graph.nodes().stream().filter(other -> other.inputs().contains(node.id())).toList();
        return !consumers.isEmpty() && consumers.stream().allMatch(reader -> reader.operation() instanceof Operation.ReadFiles);
    }

    /**
     * Flink's file source for a file source's reading half; malformed lines, if they go to a side
     * output, pass a process function chained to it that puts them there.
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private DataStream<?> readFiles(Operation.ReadFiles read, TypeInformation type, PipelineNode node) {
        dev.tidemark.api.OutputTag<dev.tidemark.connectors.file.MalformedLine> malformed = read.reader().malformedTag();
        SingleOutputStreamOperator lines = flink.fromSource(FileSources.of(read, type, node.name()),
                WatermarkStrategy.noWatermarks(), node.name());
        configure(lines, node);
        if (malformed == null) {
            return lines;
        }
        SingleOutputStreamOperator split = lines.process(new FileSources.SplitOffMalformed(malformed, type))
                .setParallelism(node.parallelism()).name(node.name() + ": malformed lines");
        return node.uid() == null ? split : split.uid(node.uid() + ": malformed lines");
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private DataStream<?> translate(PipelineNode node) {
        Operation op = node.operation();
        TypeInformation type = FlinkTypes.of(node.outputType());
        DataStream in = node.inputs().isEmpty() ? null : streams.get(node.inputs().get(0));
        if (op instanceof Operation.Source source) {
            boolean kafka = Connectors.isKafkaSource(source.function());
            boolean splits = source.function() instanceof SplitSource<?>; // alignment pauses splits, as embedded
            WatermarkStrategy strategy = source.watermarkStrategy() == null ? WatermarkStrategy.noWatermarks()
                    : new WatermarkStrategyAdapter(source.watermarkStrategy(), splits);
            org.apache.flink.api.connector.source.Source flinkSource = kafka
                    ? KafkaSources.of(source.function(), type, node.name())
                    : new PushSource(splits ? new SplitSourceFunction((SplitSource) source.function())
                            : (SourceFunction) source.function(), node.name(), type);
            return configure(flink.fromSource(flinkSource, strategy, node.name(), type), node);
        }
        if (op instanceof Operation.Map map) {
            return configure(in.map(new FunctionAdapters.Map(map.function(), type, node.name())), node);
        }
        if (op instanceof Operation.Filter filter) {
            return configure(in.filter(new FunctionAdapters.Filter(filter.function(), node.name())), node);
        }
        if (op instanceof Operation.FlatMap flatMap) {
            return configure(in.flatMap(new FunctionAdapters.FlatMap(flatMap.function(), type, node.name())), node);
        }
        if (op instanceof Operation.Process process) {
            return configure(in.process(new ProcessAdapters.Process(process.function(), type, node.name())), node);
        }
        if (op instanceof Operation.ReadFiles read) {
            return readFiles(read, type, node);
        }
        if (op instanceof Operation.AssignTimestamps assign) {
            return configure(in.assignTimestampsAndWatermarks(new WatermarkStrategyAdapter(assign.strategy(), false)), node);
        }
        if (op instanceof Operation.KeyedProcess process) {
            return configure(keyed(in, node).process(new ProcessAdapters.Keyed(process.function(), type, node.name())), node);
        }
        if (op instanceof Operation.KeyedReduce reduce) {
            return configure(keyed(in, node).reduce(new FunctionAdapters.Reduce(reduce.function())), node);
        }
        if (op instanceof Operation.Window window) {
            return configure(window(keyed(in, node), window, type, node.name()), node);
        }
        if (op instanceof Operation.CoMap map) {
            return configure(in.connect(second(node)).map(new CoAdapters.Map(map.function(), type, node.name())), node);
        }
        if (op instanceof Operation.CoFlatMap flatMap) {
            return configure(in.connect(second(node))
                    .flatMap(new CoAdapters.FlatMap(flatMap.function(), type, node.name())), node);
        }
        if (op instanceof Operation.CoProcess process) {
            return configure(in.connect(second(node))
                    .process(new CoAdapters.Process(process.function(), type, node.name())), node);
        }
        if (op instanceof Operation.KeyedCoProcess process) {
            return configure(keyed(in, node).connect(keyed(second(node), node))
                    .process(new CoAdapters.Keyed(process.function(), type, node.name())), node);
        }
        if (op instanceof Operation.IntervalJoin join) {
            KeyedStream.IntervalJoined joined = ((KeyedStream) keyed(in, node)).intervalJoin(keyed(second(node), node))
                    .between(Duration.ofMillis(join.lowerMillis()), Duration.ofMillis(join.upperMillis()));
            if (join.lowerExclusive()) {
                joined = joined.lowerBoundExclusive();
            }
            if (join.upperExclusive()) {
                joined = joined.upperBoundExclusive();
            }
            if (join.leftLateTag() != null) {
                joined = joined.sideOutputLeftLateData(ProcessAdapters.tag(join.leftLateTag()));
            }
            if (join.rightLateTag() != null) {
                joined = joined.sideOutputRightLateData(ProcessAdapters.tag(join.rightLateTag()));
            }
            return configure(joined.process(new CoAdapters.Join(join.function(), type, node.name()), type), node);
        }
        if (op instanceof Operation.WindowCoGroup coGroup) {
            return configure(coGroup(node, coGroup, type), node);
        }
        if (op instanceof Operation.Collect collect) {
            collected.add(new Collected(in.collectAsync(), collect.into())); // Flink's own collect sink, drained by the client
            return in;
        }
        if (op instanceof Operation.Sink sink) {
            SingleOutputStreamOperator<?> sinking = in.transform(node.name(), FlinkTypes.any(),
                    new SinkOperator(sink.function(), node.name(), flink.getCheckpointConfig().isCheckpointingEnabled()));
            // Flink 1.20 starts a chain at an operator of its own unless told otherwise; behind a network
            // exchange, the sink would cost a serialisation per record and up to the buffer timeout per result
            ((PhysicalTransformation<?>) sinking.getTransformation()).setChainingStrategy(ChainingStrategy.ALWAYS);
            return configure(sinking, node);
        }
        if (op instanceof Operation.Partition partition) {
            return partition(in, partition.partitioning());
        }
        if (op instanceof Operation.SideOutput side) {
            return ((SingleOutputStreamOperator) in).getSideOutput(ProcessAdapters.tag(side.tag()));
        }
        // Operation.Union (problem() let nothing else through). Flink unions only streams of one type: an input
        // of another (one declared, one not) passes an identity map of the union's type, chained to it
        DataStream[] inputs = node.inputs().stream().map(streams::get)
                .map(input -> input.getType().equals(type) ? input : retyped(input, type)).toArray(DataStream[]::new);
        return inputs[0].union(java.util.Arrays.copyOfRange(inputs, 1, inputs.length));
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static DataStream<?> retyped(DataStream input, TypeInformation type) {
        return input.map(new FunctionAdapters.Map(value -> value, type, "Retype for union")).name("Retype for union")
                .setParallelism(input.getParallelism());
    }

    /** The stream of a two-input node's second input. */
    private DataStream second(PipelineNode node) {
        return streams.get(node.inputs().get(1));
    }

    /**
     * Flink's window co-group of the node's two inputs, each taken before its keyBy: Flink's co-group
     * keys the tagged union itself.
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private SingleOutputStreamOperator<?> coGroup(PipelineNode node, Operation.WindowCoGroup op, TypeInformation type) {
        DataStream first = streams.get(graph.node(node.inputs().get(0)).inputs().get(0));
        DataStream second = streams.get(graph.node(node.inputs().get(1)).inputs().get(0));
        org.apache.flink.streaming.api.datastream.CoGroupedStreams.WithWindow windowed = first.coGroup(second)
                .where(new FunctionAdapters.Key(op.keySelector1()), FlinkTypes.any())
                .equalTo(new FunctionAdapters.Key(op.keySelector2()))
                .window(FlinkWindows.of(op.assigner(), node.name()));
        if (op.allowedLatenessMillis() > 0) {
            windowed = windowed.allowedLateness(Duration.ofMillis(op.allowedLatenessMillis()));
        }
        // Flink returns the co-group as a DataStream: it is a map after the window operator, whose settings these are
        return (SingleOutputStreamOperator<?>) windowed.apply(new CoAdapters.CoGroup(op.function(), type, node.name()), type);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static DataStream<?> partition(DataStream in, Partitioning partitioning) {
        if (partitioning instanceof Partitioning.Hash hash) {
            return in.keyBy(new FunctionAdapters.Key(hash.keySelector()), FlinkTypes.any());
        }
        if (partitioning instanceof Partitioning.Forward) {
            return in.forward();
        }
        if (partitioning instanceof Partitioning.Rebalance) {
            return in.rebalance();
        }
        if (partitioning instanceof Partitioning.Rescale) {
            return in.rescale();
        }
        if (partitioning instanceof Partitioning.Shuffle) {
            return in.shuffle();
        }
        if (partitioning instanceof Partitioning.Broadcast) {
            return in.broadcast();
        }
        return in.global();
    }

    private static KeyedStream<?, ?> keyed(DataStream<?> in, PipelineNode node) {
        if (!(in instanceof KeyedStream<?, ?> keyed)) {
            throw new IllegalStateException("operator '" + node.name() + "' (node " + node.id()
                    + ") needs a keyed input, and its input is not keyBy(..)");
        }
        return keyed;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static SingleOutputStreamOperator<?> window(KeyedStream keyed, Operation.Window op, TypeInformation type, String name) {
        WindowedStream windowed = keyed.window(FlinkWindows.of(op.assigner(), name));
        if (op.trigger().getClass() != op.assigner().getDefaultTrigger().getClass()) {
            windowed = windowed.trigger(new WindowAdapters.Trigger(op.trigger(), name));
        }
        if (op.evictor() != null) {
            windowed = windowed.evictor(new WindowAdapters.Evictor(op.evictor()));
        }
        if (op.allowedLatenessMillis() > 0) {
            windowed = windowed.allowedLateness(Duration.ofMillis(op.allowedLatenessMillis()));
        }
        if (op.lateTag() != null) {
            windowed = windowed.sideOutputLateData(ProcessAdapters.tag(op.lateTag()));
        }
        WindowAdapters.Process function = new WindowAdapters.Process(op.function(), type, name);
        if (op.reduce() != null) {
            return windowed.reduce(new FunctionAdapters.Reduce(op.reduce()), function, type);
        }
        if (op.aggregate() != null) {
            return windowed.aggregate(new FunctionAdapters.Aggregate(op.aggregate()), function, FlinkTypes.any(),
                    FlinkTypes.any(), type);
        }
        return windowed.process(function, type);
    }

    /** Gives {@code stream} the node's parallelism, name, uid and chaining. */
    private static DataStream<?> configure(SingleOutputStreamOperator<?> stream, PipelineNode node) {
        stream.setParallelism(node.parallelism()).name(node.name());
        if (node.uid() != null) {
            stream.uid(node.uid());
        }
        if (node.slotSharingGroup() != null) {
            stream.slotSharingGroup(node.slotSharingGroup());
        }
        if (node.chainingDisabled()) {
            stream.disableChaining();
        }
        if (node.startsNewChain()) {
            stream.startNewChain();
        }
        return stream;
    }
}
