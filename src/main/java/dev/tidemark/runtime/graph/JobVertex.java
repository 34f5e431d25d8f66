package dev.tidemark.runtime.graph;

import java.util.ArrayList;
import java.util.List;

/**
 * A chain of operators that runs as one task per parallel instance: a head (a source, or an
 * operator fed through the network) and the operators chained behind it.
 *
 * <p>Threading: built by the planner; read-only afterwards.
 */
public final class JobVertex {

    private final int id;
    private final ChainNode head;
    private final int parallelism;
    private final List<JobEdge> inputs = new ArrayList<>();
    private final List<String> names = new ArrayList<>();

    JobVertex(int id, ChainNode head, int parallelism) {
        this.id = id;
        this.head = head;
        this.parallelism = parallelism;
        names.add(head.name());
    }

    public int id() {
        return id;
    }

    public ChainNode head() {
        return head;
    }

    public int parallelism() {
        return parallelism;
    }

    /** The edges into the head, in input order. */
    public List<JobEdge> inputs() {
        return inputs;
    }

    /** Whether the head is a source. */
    public boolean isSource() {
        return head.transformation() instanceof SourceTransformation<?>;
    }

    /** The names of the chained operators, joined with arrows. */
    public String name() {
        return String.join(" -> ", names);
    }

    void addChainedName(String name) {
        names.add(name);
    }

    @Override
    public String toString() {
        return "JobVertex#" + id + "(" + name() + ", parallelism=" + parallelism + ")";
    }
}
