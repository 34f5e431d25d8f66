package dev.tidemark.runtime.graph;

import dev.tidemark.api.source.SourceFunction;
import java.util.List;

/** A source: a {@link SourceFunction}, kept serialized so each execution gets a fresh copy. */
public final class SourceTransformation<T> extends Transformation<T> {

    private final SourceFunction<T> function;
    private final SerializedValue<SourceFunction<T>> serialized;

    public SourceTransformation(String name, SourceFunction<T> function) {
        super(name);
        this.function = function;
        this.serialized = SerializedValue.of(function, "the source function of '" + name + "'");
    }

    /** The object the user passed (for the test driver, which binds its own sources in place). */
    public SourceFunction<T> originalFunction() {
        return function;
    }

    /** A fresh copy of the source function. */
    public SourceFunction<T> newFunction() {
        return serialized.copy();
    }

    @Override
    public List<Transformation<?>> inputs() {
        return List.of();
    }
}
