package dev.tidemark.runtime.operators;

import dev.tidemark.api.OutputTag;
import dev.tidemark.api.functions.KeySelector;
import dev.tidemark.api.functions.KeyedCoProcessFunction;
import dev.tidemark.api.functions.TimeDomain;
import dev.tidemark.api.functions.TimerService;
import dev.tidemark.eventtime.Watermark;
import dev.tidemark.runtime.state.VoidNamespace;
import dev.tidemark.runtime.timers.InternalTimer;
import dev.tidemark.runtime.timers.InternalTimerService;
import java.util.Objects;

/** Runs a {@link KeyedCoProcessFunction}: both inputs share keyed state and timers per key. */
public final class KeyedCoProcessOperator<K, IN1, IN2, OUT> extends CoOperators.Base<IN1, IN2, OUT>
        implements KeyTimerCallback<K> {

    private final KeyedCoProcessFunction<K, IN1, IN2, OUT> function;
    private final KeySelector<IN1, K> selector1;
    private final KeySelector<IN2, K> selector2;
    private final KeyedSupport<IN1, K> keyed;
    private final InternalTimerService<K, VoidNamespace> timers;
    private final ContextImpl ctx;
    private final KeyedCallState call;

    public KeyedCoProcessOperator(KeyedCoProcessFunction<K, IN1, IN2, OUT> function, KeySelector<IN1, K> selector1,
            KeySelector<IN2, K> selector2, OperatorContext<OUT> context) {
        super(context, null);
        this.function = function;
        this.selector1 = selector1;
        this.selector2 = selector2;
        this.keyed = new KeyedSupport<>(selector1, context);
        this.timers = keyed.timerService(this);
        this.call = new KeyedCallState(collector);
        this.ctx = new ContextImpl(function, new KeyedTimerService(timers));
    }

    @Override
    protected KeyedSupport<?, ?> keyedSupport() {
        return keyed;
    }

    @Override
    public void open() throws Exception {
        function.open(keyed.runtimeContext());
    }

    @Override
    public void close() throws Exception {
        function.close();
    }

    @Override
    public void processElement1(IN1 value, long elementTimestamp) throws Exception {
        keyed.setKeyOf(selector1, value, elementTimestamp);
        call.element(elementTimestamp);
        function.processElement1(value, ctx, collector);
    }

    @Override
    public void processElement2(IN2 value, long elementTimestamp) throws Exception {
        keyed.setKeyOf(selector2, value, elementTimestamp);
        call.element(elementTimestamp);
        function.processElement2(value, ctx, collector);
    }

    @Override
    public void processWatermark(Watermark watermark) throws Exception {
        keyed.advanceWatermark(timers, watermark);
        super.processWatermark(watermark);
    }

    @Override
    public void fire(K key, long timestamp, TimeDomain domain) throws Exception {
        keyed.setKey(key, timestamp);
        call.timer(timestamp, domain);
        function.onTimer(timestamp, ctx, collector);
    }

    private final class ContextImpl extends KeyedCoProcessFunction<K, IN1, IN2, OUT>.OnTimerContext {
        private final TimerService timerService;

        ContextImpl(KeyedCoProcessFunction<K, IN1, IN2, OUT> function, TimerService timerService) {
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
