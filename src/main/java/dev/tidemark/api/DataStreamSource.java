package dev.tidemark.api;

import dev.tidemark.runtime.graph.Transformation;
import java.util.Objects;

/**
 * The stream a source produces, which can still be named and typed.
 *
 * @param <T> the element type
 */
public final class DataStreamSource<T> extends DataStream<T> {

    DataStreamSource(StreamExecutionEnvironment environment, Transformation<T> transformation) {
        super(environment, transformation);
    }

    /** Names the source, as shown in errors and logs. */
    public DataStreamSource<T> name(String name) {
        transformation.setName(Names.check(name));
        return this;
    }

    /**
     * Sets the source's parallelism; above 1 only for a {@code ParallelSourceFunction}
     * (checked when the job is planned).
     */
    public DataStreamSource<T> setParallelism(int parallelism) {
        transformation.setParallelism(StreamExecutionEnvironment.checkParallelism(parallelism));
        return this;
    }

    /** Declares the element type, kept for tools that translate the pipeline. */
    public DataStreamSource<T> returns(Class<T> type) {
        transformation.setOutputType(Objects.requireNonNull(type, "type must not be null"));
        return this;
    }

    /**
     * Gives the operator a stable id under which its state is stored in checkpoints and savepoints,
     * so a changed program (operators added or removed elsewhere) still finds it. Without one the id
     * is derived from the operator's position in the program.
     */
    public DataStreamSource<T> uid(String uid) {
        transformation.setUid(Names.check(uid));
        return this;
    }
}
