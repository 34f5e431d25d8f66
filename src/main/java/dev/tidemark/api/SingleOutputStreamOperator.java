package dev.tidemark.api;

import dev.tidemark.api.typeinfo.TypeHint;
import dev.tidemark.api.typeinfo.TypeInformation;
import dev.tidemark.runtime.graph.SideOutputTransformation;
import dev.tidemark.runtime.graph.Transformation;
import java.util.Objects;

/**
 * The stream an operator produces, which can still be named, sized and typed, and whose side
 * outputs can be read.
 *
 * @param <T> the element type
 */
public class SingleOutputStreamOperator<T> extends DataStream<T> {

    SingleOutputStreamOperator(StreamExecutionEnvironment environment, Transformation<T> transformation) {
        super(environment, transformation);
    }

    /** Names the operator, as shown in errors, logs and metrics. */
    public SingleOutputStreamOperator<T> name(String name) {
        transformation.setName(Names.check(name));
        return this;
    }

    /** Sets the operator's parallelism. */
    public SingleOutputStreamOperator<T> setParallelism(int parallelism) {
        transformation.setParallelism(StreamExecutionEnvironment.checkParallelism(parallelism));
        return this;
    }

    /** Declares the element type, kept for tools that translate the pipeline. */
    public SingleOutputStreamOperator<T> returns(Class<T> type) {
        transformation.setOutputType(Objects.requireNonNull(type, "type must not be null"));
        return this;
    }

    /** Declares the element type with its type parameters, kept for tools that translate the pipeline. */
    public SingleOutputStreamOperator<T> returns(TypeInformation<T> type) {
        transformation.setOutputType(Objects.requireNonNull(type, "type must not be null"));
        return this;
    }

    /** Declares the element type through a hint: {@code returns(new TypeHint<Tuple2<String, Long>>() {})}. */
    public SingleOutputStreamOperator<T> returns(TypeHint<T> hint) {
        return returns(TypeInformation.of(hint));
    }

    /**
     * Flink's slot sharing group, kept in the graph for translators (the Flink runner); in one JVM
     * there are no slots, so it changes nothing here.
     */
    public SingleOutputStreamOperator<T> slotSharingGroup(String group) {
        transformation.setSlotSharingGroup(Names.check(group));
        return this;
    }

    /**
     * Keeps the operator out of its neighbours' chains, as Flink's {@code disableChaining()}: it runs
     * in tasks of its own, with a forward exchange to and from it (its own thread, pipelined with its
     * neighbours, at the cost of a hand-over per record).
     */
    public SingleOutputStreamOperator<T> disableChaining() {
        transformation.setChainingDisabled(true);
        return this;
    }

    /** Starts a new chain at this operator, as Flink's {@code startNewChain()}: it is not chained to its input. */
    public SingleOutputStreamOperator<T> startNewChain() {
        transformation.setStartsNewChain(true);
        return this;
    }

    /** The stream of elements the operator emitted to side output {@code tag}. */
    public <X> DataStream<X> getSideOutput(OutputTag<X> tag) {
        Objects.requireNonNull(tag, "output tag must not be null");
        return new DataStream<>(environment, new SideOutputTransformation<>(transformation, tag));
    }

    /**
     * Gives the operator a stable id under which its state is stored in checkpoints and savepoints,
     * so a changed program (operators added or removed elsewhere) still finds it. Without one the id
     * is derived from the operator's position in the program.
     */
    public SingleOutputStreamOperator<T> uid(String uid) {
        transformation.setUid(Names.check(uid));
        return this;
    }
}
