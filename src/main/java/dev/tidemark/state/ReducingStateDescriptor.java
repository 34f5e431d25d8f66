package dev.tidemark.state;

import dev.tidemark.api.functions.ReduceFunction;
import java.util.Objects;

/** Describes a {@link ReducingState}. */
public final class ReducingStateDescriptor<T> extends StateDescriptor<ReducingState<T>> {

    private static final long serialVersionUID = 1L;

    private final ReduceFunction<T> reduceFunction;

    public ReducingStateDescriptor(String name, ReduceFunction<T> reduceFunction, Class<T> type) {
        super(name);
        this.reduceFunction = Objects.requireNonNull(reduceFunction, "reduce function must not be null");
    }

    public ReduceFunction<T> getReduceFunction() {
        return reduceFunction;
    }
}
