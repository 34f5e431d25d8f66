package dev.tidemark.runtime.operators;

import dev.tidemark.api.OutputTag;
import dev.tidemark.api.functions.KeySelector;
import dev.tidemark.api.functions.KeyedProcessFunction;
import dev.tidemark.api.functions.TimeDomain;
import dev.tidemark.api.functions.TimerService;
import dev.tidemark.eventtime.Watermark;
import dev.tidemark.runtime.state.VoidNamespace;
import dev.tidemark.runtime.timers.InternalTimer;
import dev.tidemark.runtime.timers.InternalTimerService;
import java.util.Objects;

/** Runs a {@link KeyedProcessFunction}: keyed state, timers, side outputs. */
public final class KeyedProcessOperator<K, IN, OUT> extends ForwardingOperator<IN, OUT>
        implements KeyTimerCallback<K> {

    private final KeyedProcessFunction<K, IN, OUT> function;
    private final KeyedSupport<IN, K> keyed;
    private final InternalTimerService<K, VoidNamespace> timers;
    private final TimestampedCollector<OUT> collector;
    private final ContextImpl ctx;
    private final KeyedCallState call;

    public KeyedProcessOperator(KeyedProcessFunction<K, IN, OUT> function, KeySelector<IN, K> selector,
            OperatorContext<OUT> context) {
        super(context, function);
        this.function = function;
        this.keyed = new KeyedSupport<>(selector, context);
        this.timers = keyed.timerService(this);
        this.collector = new TimestampedCollector<>(output);
        this.call = new KeyedCallState(collector);
        this.ctx = new ContextImpl(function, new KeyedTimerService(timers));
    }

    @Override
    protected KeyedSupport<?, ?> keyedSupport() {
        return keyed;
    }


    @Override
    public void processElement(IN value, long elementTimestamp) throws Exception {
        keyed.setKeyOf(value, elementTimestamp);
        call.element(elementTimestamp);
        function.processElement(value, ctx, collector);
    }

    @Override
    public void processWatermark(Watermark watermark) throws Exception {
        keyed.advanceWatermark(timers, watermark);
        forwardWatermark(watermark);
    }

    @Override
    public void fire(K key, long timestamp, TimeDomain domain) throws Exception {
        keyed.setKey(key, timestamp);
        call.timer(timestamp, domain);
        function.onTimer(timestamp, ctx, collector);
    }

    private final class ContextImpl extends KeyedProcessFunction<K, IN, OUT>.OnTimerContext {
        private final TimerService timerService;

        ContextImpl(KeyedProcessFunction<K, IN, OUT> function, TimerService timerService) {
            function.super();
            this.timerService = timerService;
        }

        @Override
        public long timestamp() {
            return call.timestamp();
        }

        @Override
        public TimerService timerService() {
            return timerService;
        }

        @Override
        public <X> void output(OutputTag<X> tag, X value) {
            Objects.requireNonNull(tag, "output tag must not be null");
            output.collect(tag, value, call.outputTimestamp());
        }

        @Override
        public K getCurrentKey() {
            return keyed.currentKey();
        }

        @Override
        public TimeDomain timeDomain() {
            return call.timeDomain();
        }
    }
}
