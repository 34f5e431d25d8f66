package dev.tidemark.runtime.operators;

import dev.tidemark.api.functions.FlatMapFunction;

/** Applies a {@link FlatMapFunction}; every result keeps the input's timestamp. */
public final class FlatMapOperator<IN, OUT> extends ForwardingOperator<IN, OUT> {

    private final FlatMapFunction<IN, OUT> function;
    private final TimestampedCollector<OUT> collector;

    public FlatMapOperator(FlatMapFunction<IN, OUT> function, OperatorContext<OUT> context) {
        super(context, function);
        this.function = function;
        this.collector = new TimestampedCollector<>(output);
    }

    @Override
    public void processElement(IN value, long timestamp) throws Exception {
        collector.setTimestamp(timestamp);
        function.flatMap(value, collector);
    }
}
