package dev.tidemark.api.graph;

import dev.tidemark.api.ExecutionConfig;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * A read-only view of the pipeline an environment has built so far, for tools that translate it to
 * another engine (the Flink runner). Get it with {@code StreamExecutionEnvironment.getPipelineGraph()};
 * reading it changes nothing, and the environment can still execute the pipeline itself.
 *
 * @param nodes every node, each after the nodes it reads
 * @param defaultParallelism the environment's parallelism
 * @param config a copy of the environment's configuration (max parallelism, watermark interval,
 *     checkpointing)
 */
public record PipelineGraph(List<PipelineNode> nodes, int defaultParallelism, ExecutionConfig config) {

    public PipelineGraph {
        nodes = List.copyOf(nodes);
    }

    /** The node with {@code id}. */
    public PipelineNode node(int id) {
        for (PipelineNode node : nodes) {
            if (node.id() == id) {
                return node;
            }
        }
        throw new NoSuchElementException("no node with id " + id + " in the pipeline graph");
    }

    /** The ids of the nodes that read {@code id}, in id order. */
    public List<Integer> consumersOf(int id) {
        return nodes.stream().filter(n -> n.inputs().contains(id)).map(PipelineNode::id).toList();
    }
}
