package dev.tidemark.runtime.graph;

import dev.tidemark.api.OutputTag;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns the logical pipeline into chains, one per source: every operator with one input is chained
 * to its input, so records pass between operators by method call, without copies or queues.
 *
 * <p>This version plans parallelism 1 only; exchanges between stages of different parallelism come
 * with parallel execution.
 */
public final class Planner {

    private Planner() {}

    /**
     * Plans {@code transformations}.
     *
     * @param defaultParallelism the environment's parallelism, used where a node has none
     * @throws IllegalStateException if the pipeline is empty or asks for parallelism other than 1
     */
    public static List<ChainPlan> plan(List<Transformation<?>> transformations, int defaultParallelism) {
        if (transformations.isEmpty()) {
            throw new IllegalStateException("pipeline must have at least one source; add one with addSource(...)"
                    + " or fromElements(...) before execute()");
        }
        Map<Transformation<?>, Consumers> consumers = new LinkedHashMap<>();
        List<SourceTransformation<?>> sources = new ArrayList<>();
        for (Transformation<?> t : transformations) {
            checkParallelism(t, defaultParallelism);
            if (t instanceof SourceTransformation<?> source) {
                sources.add(source);
            } else if (t instanceof OneInputTransformation<?, ?> op) {
                attach(consumers, op);
            }
        }
        List<ChainPlan> chains = new ArrayList<>();
        for (SourceTransformation<?> source : sources) {
            Consumers c = consumers.get(source);
            chains.add(new ChainPlan(source, c == null ? List.of() : nodes(c.main, consumers)));
        }
        return chains;
    }

    private static void attach(Map<Transformation<?>, Consumers> consumers, OneInputTransformation<?, ?> op) {
        Transformation<?> input = op.input();
        if (input instanceof SideOutputTransformation<?> side) {
            consumers.computeIfAbsent(side.input(), k -> new Consumers())
                    .side.computeIfAbsent(side.tag(), k -> new ArrayList<>()).add(op);
        } else {
            consumers.computeIfAbsent(input, k -> new Consumers()).main.add(op);
        }
    }

    private static List<PlanNode> nodes(List<OneInputTransformation<?, ?>> ops, Map<Transformation<?>, Consumers> all) {
        List<PlanNode> nodes = new ArrayList<>(ops.size());
        for (OneInputTransformation<?, ?> op : ops) {
            Consumers c = all.getOrDefault(op, new Consumers());
            Map<OutputTag<?>, List<PlanNode>> side = new HashMap<>();
            c.side.forEach((tag, list) -> side.put(tag, nodes(list, all)));
            nodes.add(new PlanNode(op, nodes(c.main, all), side));
        }
        return nodes;
    }

    private static void checkParallelism(Transformation<?> t, int defaultParallelism) {
        int parallelism = t.parallelism() == Transformation.DEFAULT_PARALLELISM ? defaultParallelism : t.parallelism();
        if (parallelism != 1 && !(t instanceof SideOutputTransformation<?>)) {
            throw new IllegalStateException("parallelism must be 1 in this version: operator=" + t.name()
                    + ", parallelism=" + parallelism + "; parallel execution is planned");
        }
    }

    private static final class Consumers {
        final List<OneInputTransformation<?, ?>> main = new ArrayList<>();
        final Map<OutputTag<?>, List<OneInputTransformation<?, ?>>> side = new LinkedHashMap<>();
    }
}
