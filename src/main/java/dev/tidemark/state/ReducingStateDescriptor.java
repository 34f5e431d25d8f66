package dev.tidemark.state;

import dev.tidemark.api.typeinfo.TypeInformation;

import dev.tidemark.api.functions.ReduceFunction;
import java.util.Objects;

/** Describes a {@link ReducingState}. */
public final class ReducingStateDescriptor<T> extends StateDescriptor<ReducingState<T>> {

    private static final long serialVersionUID = 1L;

    private final ReduceFunction<T> reduceFunction;
    private final Class<T> type;

    /** @param type the value type, as Flink programs declare it; its class is what is kept */
    public ReducingStateDescriptor(String name, ReduceFunction<T> reduceFunction, TypeInformation<T> type) {
        this(name, reduceFunction, Objects.requireNonNull(type, "state type must not be null").getTypeClass());
    }

    public ReducingStateDescriptor(String name, ReduceFunction<T> reduceFunction, Class<T> type) {
        super(name);
        this.reduceFunction = Objects.requireNonNull(reduceFunction, "reduce function must not be null");
        this.type = type;
    }

    /** The declared value type; restored values are checked against it. {@code null}: unchecked. */
    public Class<T> getType() {
        return type;
    }

    public ReduceFunction<T> getReduceFunction() {
        return reduceFunction;
    }
}
