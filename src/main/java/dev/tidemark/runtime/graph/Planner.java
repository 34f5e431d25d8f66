package dev.tidemark.runtime.graph;

import dev.tidemark.api.OutputTag;
import dev.tidemark.api.source.ParallelSourceFunction;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns the logical pipeline into a {@link JobGraph}: virtual nodes (side outputs, partitioning,
 * unions) become edge properties, and an operator is chained to its input (records passed by method
 * call, no queue) when it has exactly one input, that input is forward with equal parallelism, or
 * both run as a single instance.
 *
 * <p>Without an explicit partitioning an edge is forward between equal parallelism and rebalance
 * otherwise, as in Flink. A source that is not a {@link ParallelSourceFunction} runs as one instance.
 */
public final class Planner {

    private Planner() {}

    private record Input(Transformation<?> upstream, Partitioner partitioner, OutputTag<?> tag, int inputIndex) {}

    /**
     * Plans {@code transformations}.
     *
     * @throws IllegalStateException if the pipeline is empty, only sources, or inconsistent (a parallel instance
     *     count a source cannot have, forward partitioning between different parallelism)
     */
    public static JobGraph plan(List<Transformation<?>> transformations, int defaultParallelism) {
        if (transformations.stream().noneMatch(t -> t instanceof SourceTransformation<?>)) {
            throw new IllegalStateException("pipeline must have at least one source; add one with addSource(...)"
                    + " or fromElements(...) before execute()");
        }
        if (transformations.stream().allMatch(t -> t instanceof SourceTransformation<?>)) {
            throw new IllegalStateException("pipeline must have an operator or a sink, not only sources (as Flink, "
                    + "which says 'No operators defined in streaming topology'); add print(), addSink(...) or an "
                    + "operator before execute()");
        }
        List<Transformation<?>> physical = new ArrayList<>();
        for (Transformation<?> t : transformations) {
            if (t instanceof SourceTransformation<?> || t instanceof OneInputTransformation<?, ?>
                    || t instanceof TwoInputTransformation<?, ?, ?>) {
                physical.add(t);
            }
        }
        physical.sort((a, b) -> Integer.compare(a.id(), b.id()));
        Map<Transformation<?>, String> operatorIds = operatorIds(physical);
        Map<Transformation<?>, String> names = distinctNames(physical);

        Map<Transformation<?>, ChainNode> nodes = new HashMap<>();
        Map<Transformation<?>, JobVertex> vertexOf = new HashMap<>();
        List<JobVertex> vertices = new ArrayList<>();
        int edgeCount = 0;
        for (Transformation<?> t : physical) {
            ChainNode node = new ChainNode(t, operatorIds.get(t), names.get(t));
            nodes.put(t, node);
            int parallelism = parallelism(t, defaultParallelism);
            List<Input> inputs = inputsOf(t);
            if (t instanceof OneInputTransformation<?, ?> && inputs.size() == 1 && !t.chainingDisabled()
                    && !t.startsNewChain() && !inputs.get(0).upstream.chainingDisabled()
                    && chainable(inputs.get(0), parallelism(inputs.get(0).upstream, defaultParallelism), parallelism)) {
                Input in = inputs.get(0);
                JobVertex vertex = vertexOf.get(in.upstream);
                nodes.get(in.upstream).addChained(in.tag, node);
                vertex.addChainedName(node.name());
                vertexOf.put(t, vertex);
                continue;
            }
            JobVertex vertex = new JobVertex(vertices.size(), node, parallelism);
            vertices.add(vertex);
            vertexOf.put(t, vertex);
            for (Input in : inputs) {
                int upstreamParallelism = parallelism(in.upstream, defaultParallelism);
                JobEdge edge = new JobEdge(edgeCount++, vertexOf.get(in.upstream), vertex,
                        partitioner(in, upstreamParallelism, parallelism, t), in.inputIndex);
                nodes.get(in.upstream).addNetwork(in.tag, edge);
                vertex.inputs().add(edge);
            }
        }
        return new JobGraph(List.copyOf(vertices));
    }

    /**
     * Each operator's state id: its uid, else its position among the program's operators, which is
     * the same every time the same program builds its pipeline.
     */
    private static Map<Transformation<?>, String> operatorIds(List<Transformation<?>> physical) {
        Map<Transformation<?>, String> ids = new HashMap<>();
        Map<String, Transformation<?>> byUid = new HashMap<>();
        for (int i = 0; i < physical.size(); i++) {
            Transformation<?> t = physical.get(i);
            if (t.uid() != null) {
                Transformation<?> other = byUid.put(t.uid(), t);
                if (other != null) {
                    throw new IllegalStateException("operator uids must be unique: uid=" + t.uid() + ", operators="
                            + other.name() + ", " + t.name());
                }
            }
            ids.put(t, t.uid() != null ? t.uid() : "operator-" + i);
        }
        return ids;
    }

    /** Each operator's name in the job ({@link ChainNode#name}): its own, numbered from its second use on. */
    private static Map<Transformation<?>, String> distinctNames(List<Transformation<?>> physical) {
        Map<Transformation<?>, String> names = new HashMap<>();
        Map<String, Integer> uses = new HashMap<>();
        Set<String> taken = new HashSet<>();
        for (Transformation<?> t : physical) {
            taken.add(t.name());
        }
        for (Transformation<?> t : physical) {
            int use = uses.merge(t.name(), 1, Integer::sum);
            String name = t.name();
            if (use > 1) {
                name = t.name() + " #" + use;
                while (!taken.add(name)) { // a program may have named an operator "Map #2" itself
                    name = t.name() + " #" + uses.merge(t.name(), 1, Integer::sum);
                }
            }
            names.put(t, name);
        }
        return names;
    }

    private static List<Input> inputsOf(Transformation<?> t) {
        List<Input> inputs = new ArrayList<>();
        if (t instanceof OneInputTransformation<?, ?> op) {
            resolve(op.input(), null, null, 0, inputs);
        } else if (t instanceof TwoInputTransformation<?, ?, ?> op) {
            resolve(op.input1(), null, null, 0, inputs);
            resolve(op.input2(), null, null, 1, inputs);
        }
        return inputs;
    }

    /** Walks back through virtual nodes; the partitioning closest to the consumer wins. */
    private static void resolve(Transformation<?> t, Partitioner partitioner, OutputTag<?> tag, int index, List<Input> out) {
        if (t instanceof SideOutputTransformation<?> side) {
            resolve(side.input(), partitioner, side.tag(), index, out);
        } else if (t instanceof PartitionTransformation<?> p) {
            resolve(p.input(), partitioner != null ? partitioner : p.partitioner(), tag, index, out);
        } else if (t instanceof UnionTransformation<?> union) {
            for (Transformation<?> input : union.unionInputs()) {
                resolve(input, partitioner, tag, index, out);
            }
        } else {
            out.add(new Input(t, partitioner, tag, index));
        }
    }

    private static boolean chainable(Input in, int upstreamParallelism, int parallelism) {
        if (upstreamParallelism == 1 && parallelism == 1) {
            return true; // every partitioning sends everything to the one instance
        }
        return upstreamParallelism == parallelism && (in.partitioner == null || in.partitioner instanceof Partitioner.Forward);
    }

    private static Partitioner partitioner(Input in, int upstreamParallelism, int parallelism, Transformation<?> target) {
        if (in.partitioner == null) {
            return upstreamParallelism == parallelism ? new Partitioner.Forward() : new Partitioner.Rebalance();
        }
        if (in.partitioner instanceof Partitioner.Forward && upstreamParallelism != parallelism) {
            throw new IllegalStateException("forward partitioning must connect operators of equal parallelism: from="
                    + in.upstream.name() + " (" + upstreamParallelism + "), to=" + target.name() + " (" + parallelism + ")");
        }
        return in.partitioner;
    }

    static int parallelism(Transformation<?> t, int defaultParallelism) {
        int explicit = t.parallelism();
        if (t instanceof SourceTransformation<?> source && !(source.originalFunction() instanceof ParallelSourceFunction<?>)
                && !source.isSplitSource()) {
            if (explicit > 1) {
                throw new IllegalStateException("source must be a ParallelSourceFunction to run in parallel: source="
                        + t.name() + ", parallelism=" + explicit);
            }
            return 1;
        }
        return explicit == Transformation.DEFAULT_PARALLELISM ? defaultParallelism : explicit;
    }
}
