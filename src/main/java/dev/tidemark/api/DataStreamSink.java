package dev.tidemark.api;

import dev.tidemark.runtime.graph.Transformation;

/** The end of a stream: a sink, which can still be named and sized. */
public final class DataStreamSink<T> {

    private final Transformation<?> transformation;

    DataStreamSink(Transformation<?> transformation) {
        this.transformation = transformation;
    }

    /** Names the sink, as shown in errors and logs. */
    public DataStreamSink<T> name(String name) {
        transformation.setName(Names.check(name));
        return this;
    }

    /** Sets the sink's parallelism. */
    public DataStreamSink<T> setParallelism(int parallelism) {
        transformation.setParallelism(StreamExecutionEnvironment.checkParallelism(parallelism));
        return this;
    }

    /**
     * Gives the operator a stable id under which its state is stored in checkpoints and savepoints,
     * so a changed program (operators added or removed elsewhere) still finds it. Without one the id
     * is derived from the operator's position in the program.
     */
    public DataStreamSink<T> uid(String uid) {
        transformation.setUid(Names.check(uid));
        return this;
    }
}
