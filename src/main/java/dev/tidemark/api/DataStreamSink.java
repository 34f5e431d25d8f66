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

    /** Sets the sink's parallelism (this version runs parallelism 1 only). */
    public DataStreamSink<T> setParallelism(int parallelism) {
        transformation.setParallelism(StreamExecutionEnvironment.checkParallelism(parallelism));
        return this;
    }
}
