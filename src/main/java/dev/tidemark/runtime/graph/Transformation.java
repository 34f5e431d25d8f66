package dev.tidemark.runtime.graph;

import dev.tidemark.api.graph.Operation;
import dev.tidemark.api.typeinfo.TypeInformation;

import java.util.List;
import java.util.function.Supplier;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A node of the logical pipeline that the DataStream API builds: immutable structure (inputs,
 * operator), plus a name and parallelism the user may still set while building.
 *
 * <p>Threading: built and read by the thread that builds the pipeline; the planner reads it at
 * submission.
 *
 * @param <T> the element type of the stream this node produces
 */
public abstract sealed class Transformation<T>
        permits SourceTransformation, OneInputTransformation, TwoInputTransformation, SideOutputTransformation,
                PartitionTransformation, UnionTransformation {

    /** Parallelism value meaning "the environment's default". */
    public static final int DEFAULT_PARALLELISM = -1;

    private static final AtomicInteger IDS = new AtomicInteger();

    private final int id = IDS.incrementAndGet();
    private String name;
    private String uid;
    private String slotSharingGroup;
    private boolean chainingDisabled;
    private boolean startsNewChain;
    private int parallelism = DEFAULT_PARALLELISM;
    private TypeInformation<?> outputType;
    private Supplier<? extends Operation> operation; // fresh copies of the user's functions per call; null: opaque

    protected Transformation(String name) {
        this.name = name;
    }

    /** A unique id, in creation order. */
    public int id() {
        return id;
    }

    public String name() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }

    /** Flink's slot sharing group the user gave, or {@code null}; kept for translators (one JVM has no slots). */
    public String slotSharingGroup() {
        return slotSharingGroup;
    }

    public void setSlotSharingGroup(String group) {
        this.slotSharingGroup = group;
    }

    /** Whether the operator is kept out of chains ({@code disableChaining()}). */
    public boolean chainingDisabled() {
        return chainingDisabled;
    }

    public void setChainingDisabled(boolean disabled) {
        this.chainingDisabled = disabled;
    }

    /** Whether a new chain starts here ({@code startNewChain()}). */
    public boolean startsNewChain() {
        return startsNewChain;
    }

    public void setStartsNewChain(boolean starts) {
        this.startsNewChain = starts;
    }

    /** The id the user gave the operator for its state, or {@code null}. */
    public String uid() {
        return uid;
    }

    public void setUid(String uid) {
        this.uid = uid;
    }

    public int parallelism() {
        return parallelism;
    }

    public void setParallelism(int parallelism) {
        this.parallelism = parallelism;
    }

    /** The element class if the user declared a type; {@code null} otherwise (kept for translators). */
    public Class<?> outputType() {
        return outputType == null ? null : outputType.getTypeClass();
    }

    /** The element type if the user declared it, with its type parameters; {@code null} otherwise. */
    public TypeInformation<?> outputTypeInfo() {
        return outputType;
    }

    public void setOutputType(Class<?> outputType) {
        setOutputType(TypeInformation.of(outputType));
    }

    public void setOutputType(TypeInformation<?> outputType) {
        this.outputType = outputType;
    }

    /**
     * What the node does, for {@code PipelineGraph}: with fresh copies of the user's functions,
     * {@link Operation.Opaque} unless the API that made the node described it.
     */
    public Operation operation() {
        return operation == null ? new Operation.Opaque(name) : operation.get();
    }

    /** Sets what {@link #operation()} returns: {@code operation} makes it, with fresh copies. */
    public void describe(Supplier<? extends Operation> operation) {
        this.operation = operation;
    }

    /** The nodes this one reads from. */
    public abstract List<Transformation<?>> inputs();

    @Override
    public String toString() {
        return getClass().getSimpleName() + "#" + id + "(" + name + ")";
    }
}
