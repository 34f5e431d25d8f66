package dev.tidemark.runtime.graph;

import dev.tidemark.api.ExecutionConfig;
import dev.tidemark.api.graph.Operation;
import dev.tidemark.api.graph.Partitioning;
import dev.tidemark.api.graph.PipelineGraph;
import dev.tidemark.api.graph.PipelineNode;
import dev.tidemark.api.functions.KeySelector;
import dev.tidemark.eventtime.WatermarkStrategy;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Makes the public {@link PipelineGraph} of an environment's transformations. */
public final class PipelineGraphs {

    private PipelineGraphs() {}

    /** The graph of {@code transformations} and every node they read, with fresh copies of the functions. */
    public static PipelineGraph of(List<Transformation<?>> transformations, int defaultParallelism, ExecutionConfig config) {
        Map<Integer, Transformation<?>> all = new LinkedHashMap<>();
        transformations.forEach(t -> collect(t, all));
        List<Transformation<?>> ordered = new ArrayList<>(all.values());
        ordered.sort(Comparator.comparingInt(Transformation::id)); // ids are in creation order: inputs first
        Map<Integer, Integer> parallelism = new LinkedHashMap<>();
        List<PipelineNode> nodes = new ArrayList<>();
        for (Transformation<?> t : ordered) {
            List<Integer> inputs = t.inputs().stream().map(Transformation::id).toList();
            boolean virtual = t instanceof PartitionTransformation<?> || t instanceof SideOutputTransformation<?>
                    || t instanceof UnionTransformation<?>;
            int p = virtual ? parallelism.get(inputs.get(0)) : Planner.parallelism(t, defaultParallelism);
            parallelism.put(t.id(), p);
            nodes.add(new PipelineNode(t.id(), t.name(), t.uid(), p, t.outputTypeInfo(), inputs, operation(t),
                    t.chainingDisabled(), t.startsNewChain(), t.slotSharingGroup()));
        }
        return new PipelineGraph(nodes, defaultParallelism, config.copy());
    }

    private static void collect(Transformation<?> t, Map<Integer, Transformation<?>> all) {
        if (all.putIfAbsent(t.id(), t) == null) {
            t.inputs().forEach(in -> collect(in, all));
        }
    }

    @SuppressWarnings("unchecked")
    private static Operation operation(Transformation<?> t) {
        if (t instanceof SourceTransformation<?> source) {
            return new Operation.Source(source.newFunction(), (WatermarkStrategy<Object>) source.newStrategy());
        }
        if (t instanceof PartitionTransformation<?> partition) {
            return new Operation.Partition(partitioning(partition.partitioner()));
        }
        if (t instanceof SideOutputTransformation<?> side) {
            return new Operation.SideOutput(side.tag());
        }
        if (t instanceof UnionTransformation<?>) {
            return new Operation.Union();
        }
        return t.operation();
    }

    private static Partitioning partitioning(Partitioner partitioner) {
        if (partitioner instanceof Partitioner.Hash hash) {
            return new Partitioning.Hash((KeySelector<?, ?>) hash.keySelector().copy());
        }
        if (partitioner instanceof Partitioner.Forward) {
            return new Partitioning.Forward();
        }
        if (partitioner instanceof Partitioner.Rebalance) {
            return new Partitioning.Rebalance();
        }
        if (partitioner instanceof Partitioner.Rescale) {
            return new Partitioning.Rescale();
        }
        if (partitioner instanceof Partitioner.Shuffle) {
            return new Partitioning.Shuffle();
        }
        if (partitioner instanceof Partitioner.Broadcast) {
            return new Partitioning.Broadcast();
        }
        return new Partitioning.Global();
    }
}
