package dev.tidemark.runtime.task;

import dev.tidemark.runtime.graph.JobEdge;
import dev.tidemark.runtime.graph.JobGraph;
import dev.tidemark.runtime.graph.JobVertex;
import dev.tidemark.eventtime.WatermarkStrategy;
import dev.tidemark.runtime.graph.Partitioner;
import dev.tidemark.runtime.graph.SourceTransformation;
import dev.tidemark.runtime.graph.TwoInputTransformation;
import dev.tidemark.runtime.timers.ProcessingTimeService;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds every parallel instance of a job graph and connects them: one channel per (edge, producer
 * instance, consumer instance) that the partitioner can use. The same wiring serves real threads
 * (channels are bounded queues) and the test driver (channels are direct calls).
 */
public final class JobWiring {

    private JobWiring() {}

    /** What differs between executing on threads and under the test driver. */
    public interface Environment {

        /** The processing-time service of one instance. */
        ProcessingTimeService timeService(JobVertex vertex, int subtaskIndex);

        /**
         * A channel into {@code consumer}'s input channel {@code channelIndex}, consumed by
         * {@code target}, written by the instance named {@code producer}; the consumer has
         * {@code channelCount} input channels in all.
         */
        ChannelWriter channel(Subtask consumer, int channelIndex, int channelCount, ChannelConsumer target, String producer);

        /** How many channels instance {@code subtaskIndex} of a source vertex writes to: one per owned split. */
        int sourceChannels(JobVertex vertex, int subtaskIndex);

        /**
         * The processing-time clock that split {@code channel}'s watermark generator reads (its
         * idleness, say): the instance's own, unless the environment gives each split its own.
         */
        default java.util.function.LongSupplier splitClock(JobVertex vertex, int channel, ProcessingTimeService time) {
            return time::currentProcessingTime;
        }
    }

    /** Builds and connects every instance; consumers are built before their producers. */
    public static List<Subtask> wire(JobGraph graph, OperatorChain.Settings settings, Environment environment) {
        Map<JobEdge, ChannelWriter[][]> channels = new HashMap<>();
        List<Subtask> subtasks = new ArrayList<>();
        List<JobVertex> vertices = graph.vertices();
        int maxParallelism = settings.config().getMaxParallelism();
        for (JobVertex vertex : vertices) {
            if (vertex.parallelism() > maxParallelism) {
                throw new IllegalArgumentException("parallelism must not exceed the max parallelism: parallelism="
                        + vertex.parallelism() + ", maxParallelism=" + maxParallelism + ", operator=" + vertex.name()
                        + "; key groups are the unit of parallelism, so instances beyond them would stay idle");
            }
        }
        for (int v = vertices.size() - 1; v >= 0; v--) {
            JobVertex vertex = vertices.get(v);
            for (int i = 0; i < vertex.parallelism(); i++) {
                subtasks.add(0, wire(vertex, i, settings, environment, channels));
            }
        }
        subtasks.sort((a, b) -> a.vertex().id() != b.vertex().id()
                ? Integer.compare(a.vertex().id(), b.vertex().id()) : Integer.compare(a.index(), b.index()));
        return subtasks;
    }

    private static Subtask wire(JobVertex vertex, int index, OperatorChain.Settings settings, Environment environment,
            Map<JobEdge, ChannelWriter[][]> channels) {
        Subtask subtask = new Subtask(vertex, index);
        List<JobEdge> channelEdges = new ArrayList<>();
        List<Integer> channelProducers = new ArrayList<>();
        List<Integer> inputOf = new ArrayList<>();
        if (vertex.isSource()) {
            for (int k = 0; k < environment.sourceChannels(vertex, index); k++) {
                channelEdges.add(null);
                channelProducers.add(-1);
                inputOf.add(0);
            }
        } else {
            for (JobEdge edge : vertex.inputs()) {
                for (int producer = 0; producer < edge.source().parallelism(); producer++) {
                    if (consumersOf(edge, producer).contains(index)) {
                        channelEdges.add(edge);
                        channelProducers.add(producer);
                        inputOf.add(edge.inputIndex());
                    }
                }
            }
        }
        int maxParallelism = settings.config().getMaxParallelism();
        ProcessingTimeService timeService = environment.timeService(vertex, index);
        OperatorChain chain = new OperatorChain(vertex, index, settings, timeService,
                edge -> writer(edge, index, channels, maxParallelism));
        int inputs = vertex.head().transformation() instanceof TwoInputTransformation<?, ?, ?> ? 2 : 1;
        InputProcessor processor = new InputProcessor(chain, inputOf.stream().mapToInt(Integer::intValue).toArray(), inputs,
                timeService::currentProcessingTime);
        SplitPauses pauses = new SplitPauses(inputOf.size());
        java.util.function.LongSupplier[] splitClocks = new java.util.function.LongSupplier[inputOf.size()];
        for (int c = 0; c < splitClocks.length; c++) {
            splitClocks[c] = vertex.isSource() ? environment.splitClock(vertex, c, timeService)
                    : timeService::currentProcessingTime;
        }
        SplitWatermarks<?> splitWatermarks = splitWatermarks(vertex, processor, splitClocks, timeService, settings, pauses);
        subtask.wire(chain, processor, splitWatermarks, pauses);
        ChannelConsumer target = splitWatermarks != null ? splitWatermarks : processor;
        for (int k = 0; k < inputOf.size(); k++) {
            JobEdge edge = channelEdges.get(k);
            String producer = edge == null ? subtask.displayName()
                    : edge.source().name() + " (" + (channelProducers.get(k) + 1) + "/" + edge.source().parallelism() + ")";
            ChannelWriter channel = environment.channel(subtask, k, inputOf.size(), target, producer);
            if (edge == null) {
                subtask.sourceChannels().add(channel);
            } else {
                channels.computeIfAbsent(edge, e -> new ChannelWriter[e.source().parallelism()][e.target().parallelism()])
                        [channelProducers.get(k)][index] = channel;
            }
        }
        return subtask;
    }

    private static SplitWatermarks<?> splitWatermarks(JobVertex vertex, InputProcessor processor,
            java.util.function.LongSupplier[] splitClocks, ProcessingTimeService timeService,
            OperatorChain.Settings settings, SplitPauses pauses) {
        if (!(vertex.head().transformation() instanceof SourceTransformation<?> source)) {
            return null;
        }
        WatermarkStrategy<?> strategy = source.newStrategy();
        if (strategy == null) {
            return null;
        }
        return new SplitWatermarks<>(source.name() + " timestamps/watermarks", processor, strategy, splitClocks, timeService,
                settings.config().getAutoWatermarkIntervalMillis(), settings.alignment(), pauses);
    }

    private static RecordWriterOutput writer(JobEdge edge, int producer, Map<JobEdge, ChannelWriter[][]> channels,
            int maxParallelism) {
        List<Integer> consumers = consumersOf(edge, producer);
        ChannelWriter[] writers = new ChannelWriter[consumers.size()];
        for (int c = 0; c < writers.length; c++) {
            writers[c] = channels.get(edge)[producer][consumers.get(c)];
        }
        return new RecordWriterOutput(writers, edge.partitioner(), producer, maxParallelism, edge.toString());
    }

    /** The consumer instances producer instance {@code producer} of {@code edge} sends to, in order. */
    static List<Integer> consumersOf(JobEdge edge, int producer) {
        int up = edge.source().parallelism();
        int down = edge.target().parallelism();
        Partitioner partitioner = edge.partitioner();
        if (partitioner instanceof Partitioner.Forward) {
            return List.of(producer);
        }
        if (partitioner instanceof Partitioner.Global) {
            return List.of(0);
        }
        List<Integer> consumers = new ArrayList<>();
        if (partitioner instanceof Partitioner.Rescale) {
            if (down >= up) {
                for (int c = producer * down / up; c < (producer + 1) * down / up; c++) {
                    consumers.add(c);
                }
            } else {
                consumers.add(producer * down / up);
            }
            return consumers;
        }
        for (int c = 0; c < down; c++) {
            consumers.add(c);
        }
        return consumers;
    }

    /**
     * The state ids of every operator of the wired job, each with whether it keeps keyed state, for
     * {@code CompletedCheckpoint.checkClaimed}.
     */
    public static java.util.Map<String, Boolean> operatorIds(List<Subtask> subtasks) {
        java.util.Map<String, Boolean> ids = new java.util.HashMap<>();
        for (Subtask subtask : subtasks) {
            ids.putIfAbsent(subtask.vertex().head().operatorId(), false);
            ids.putAll(subtask.chain().operatorIds());
        }
        return ids;
    }
}
