package dev.tidemark.runtime.operators;

import dev.tidemark.api.functions.FilterFunction;

/** Forwards the records a {@link FilterFunction} keeps. */
public final class FilterOperator<T> extends ForwardingOperator<T, T> {

    private final FilterFunction<T> function;

    public FilterOperator(FilterFunction<T> function, OperatorContext<T> context) {
        super(context, function);
        this.function = function;
    }

    @Override
    public void processElement(T value, long timestamp) throws Exception {
        if (function.filter(value)) {
            output.collect(value, timestamp);
        }
    }
}
