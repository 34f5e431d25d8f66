package dev.tidemark.runtime.operators;

import dev.tidemark.api.sink.SinkFunction;

/** Hands every record to a {@link SinkFunction}; calls its {@code finish} when the input ends. */
public final class SinkOperator<IN> extends ForwardingOperator<IN, Void> {

    private final SinkFunction<IN> function;
    private final ContextImpl sinkContext = new ContextImpl();
    private long elementTimestamp = Output.NO_TIMESTAMP;

    public SinkOperator(SinkFunction<IN> function, OperatorContext<Void> context) {
        super(context, function);
        this.function = function;
    }

    @Override
    public void processElement(IN value, long timestamp) throws Exception {
        elementTimestamp = timestamp;
        function.invoke(value, sinkContext);
    }

    @Override
    public void endInput() throws Exception {
        function.finish();
    }

    private final class ContextImpl implements SinkFunction.Context {
        @Override
        public long timestamp() {
            return elementTimestamp;
        }

        @Override
        public long currentWatermark() {
            return currentWatermark;
        }

        @Override
        public long currentProcessingTime() {
            return context.timeService().currentProcessingTime();
        }
    }
}
