package dev.tidemark.runtime.operators;

import dev.tidemark.api.functions.MapFunction;

/** Applies a {@link MapFunction}; the result keeps the input's timestamp. */
public final class MapOperator<IN, OUT> extends ForwardingOperator<IN, OUT> {

    private final MapFunction<IN, OUT> function;

    public MapOperator(MapFunction<IN, OUT> function, OperatorContext<OUT> context) {
        super(context, function);
        this.function = function;
    }

    @Override
    public void processElement(IN value, long timestamp) throws Exception {
        output.collect(function.map(value), timestamp);
    }
}
