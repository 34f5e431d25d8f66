package dev.tidemark.runtime.graph;

import dev.tidemark.api.OutputTag;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One node of a vertex's chain with where its outputs go: operators chained behind it (called
 * directly) and edges to other vertices, for its main output and for each side output.
 *
 * <p>Threading: built by the planner; read-only afterwards.
 */
public final class ChainNode {

    private final Transformation<?> transformation;
    private final List<ChainNode> chainedMain = new ArrayList<>();
    private final Map<OutputTag<?>, List<ChainNode>> chainedSide = new LinkedHashMap<>();
    private final List<JobEdge> networkMain = new ArrayList<>();
    private final Map<OutputTag<?>, List<JobEdge>> networkSide = new LinkedHashMap<>();

    private final String operatorId;
    private final String name;

    ChainNode(Transformation<?> transformation, String operatorId, String name) {
        this.transformation = transformation;
        this.operatorId = operatorId;
        this.name = name;
    }

    /**
     * The operator's name in the job, which its metrics and errors carry: the name it was given, with
     * {@code " #k"} for the k-th operator of the job under a name an earlier one has (two
     * {@code map} calls make "Map" and "Map #2"), so that no two operators share counters.
     */
    public String name() {
        return name;
    }

    /** The id the operator's state is stored under: its uid, or one derived from its position in the program. */
    public String operatorId() {
        return operatorId;
    }

    public Transformation<?> transformation() {
        return transformation;
    }

    public List<ChainNode> chainedMain() {
        return chainedMain;
    }

    public Map<OutputTag<?>, List<ChainNode>> chainedSide() {
        return chainedSide;
    }

    public List<JobEdge> networkMain() {
        return networkMain;
    }

    public Map<OutputTag<?>, List<JobEdge>> networkSide() {
        return networkSide;
    }

    void addChained(OutputTag<?> tag, ChainNode node) {
        if (tag == null) {
            chainedMain.add(node);
        } else {
            chainedSide.computeIfAbsent(tag, k -> new ArrayList<>()).add(node);
        }
    }

    void addNetwork(OutputTag<?> tag, JobEdge edge) {
        if (tag == null) {
            networkMain.add(edge);
        } else {
            networkSide.computeIfAbsent(tag, k -> new ArrayList<>()).add(edge);
        }
    }
}
