package dev.tidemark.api;

import dev.tidemark.api.typeinfo.TypeHint;
import dev.tidemark.api.typeinfo.TypeInformation;
import dev.tidemark.runtime.graph.Transformation;
import java.util.Objects;

/**
 * The stream a source produces, which can still be named, sized and typed; usable wherever an
 * operator's stream is, as in Flink.
 *
 * @param <T> the element type
 */
public final class DataStreamSource<T> extends SingleOutputStreamOperator<T> {

    DataStreamSource(StreamExecutionEnvironment environment, Transformation<T> transformation) {
        super(environment, transformation);
    }

    /** Names the source, as shown in errors and logs. */
    @Override
    public DataStreamSource<T> name(String name) {
        transformation.setName(Names.check(name));
        return this;
    }

    /**
     * Sets the source's parallelism; above 1 only for a {@code ParallelSourceFunction}
     * (checked when the job is planned).
     */
    @Override
    public DataStreamSource<T> setParallelism(int parallelism) {
        transformation.setParallelism(StreamExecutionEnvironment.checkParallelism(parallelism));
        return this;
    }

    /** Declares the element type, kept for tools that translate the pipeline. */
    @Override
    public DataStreamSource<T> returns(Class<T> type) {
        transformation.setOutputType(Objects.requireNonNull(type, "type must not be null"));
        return this;
    }

    /** Declares the element type with its type parameters, kept for tools that translate the pipeline. */
    @Override
    public DataStreamSource<T> returns(TypeInformation<T> type) {
        transformation.setOutputType(Objects.requireNonNull(type, "type must not be null"));
        return this;
    }

    @Override
    public DataStreamSource<T> returns(TypeHint<T> hint) {
        return returns(TypeInformation.of(hint));
    }

    /**
     * Gives the operator a stable id under which its state is stored in checkpoints and savepoints,
     * so a changed program (operators added or removed elsewhere) still finds it. Without one the id
     * is derived from the operator's position in the program.
     */
    @Override
    public DataStreamSource<T> uid(String uid) {
        transformation.setUid(Names.check(uid));
        return this;
    }
}
