package dev.tidemark.runtime.graph;

/**
 * A connection between two vertices: every parallel instance of {@code source} may send to instances
 * of {@code target}, as {@code partitioner} decides.
 *
 * @param id unique within the graph: two edges between the same vertices with the same partitioner
 *     (two branches of a union) are still two edges
 * @param source the producing vertex
 * @param target the consuming vertex
 * @param partitioner how records are distributed (never null after planning)
 * @param inputIndex which input of the target's head operator it feeds (0, or 1 for a second input)
 */
public record JobEdge(int id, JobVertex source, JobVertex target, Partitioner partitioner, int inputIndex) {

    @Override
    public String toString() {
        return source.name() + " -" + partitioner.displayName() + "-> " + target.name();
    }
}
