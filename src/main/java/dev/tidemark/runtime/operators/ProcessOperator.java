package dev.tidemark.runtime.operators;

import dev.tidemark.api.OutputTag;
import dev.tidemark.api.functions.ProcessFunction;
import dev.tidemark.api.functions.TimerService;
import java.util.Objects;

/** Runs a {@link ProcessFunction} on a non-keyed stream. */
public final class ProcessOperator<IN, OUT> extends ForwardingOperator<IN, OUT> {

    private final ProcessFunction<IN, OUT> function;
    private final TimestampedCollector<OUT> collector;
    private final ContextImpl ctx;
    private long elementTimestamp = Output.NO_TIMESTAMP;

    public ProcessOperator(ProcessFunction<IN, OUT> function, OperatorContext<OUT> context) {
        super(context, function);
        this.function = function;
        this.collector = new TimestampedCollector<>(output);
        this.ctx = new ContextImpl(function, new NonKeyedTimerService(context, () -> currentWatermark));
    }

    @Override
    public void processElement(IN value, long timestamp) throws Exception {
        elementTimestamp = timestamp;
        collector.setTimestamp(timestamp);
        function.processElement(value, ctx, collector);
    }

    private final class ContextImpl extends ProcessFunction<IN, OUT>.Context {
        private final TimerService timerService;

        ContextImpl(ProcessFunction<IN, OUT> function, TimerService timerService) {
            function.super();
            this.timerService = timerService;
        }

        @Override
        public long timestamp() {
            return elementTimestamp;
        }

        @Override
        public TimerService timerService() {
            return timerService;
        }

        @Override
        public <X> void output(OutputTag<X> tag, X value) {
            Objects.requireNonNull(tag, "output tag must not be null");
            output.collect(tag, value, elementTimestamp);
        }
    }
}
