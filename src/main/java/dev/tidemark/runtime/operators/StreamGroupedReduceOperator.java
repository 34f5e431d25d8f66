package dev.tidemark.runtime.operators;

import dev.tidemark.api.functions.KeySelector;
import dev.tidemark.api.functions.ReduceFunction;
import dev.tidemark.state.ValueState;
import dev.tidemark.state.ValueStateDescriptor;

/**
 * A rolling reduce on a keyed stream: for every element, emits the reduction of all elements of its
 * key so far, with the element's timestamp.
 */
public final class StreamGroupedReduceOperator<K, T> extends ForwardingOperator<T, T> {

    private final ReduceFunction<T> function;
    private final KeyedSupport<T, K> keyed;
    private ValueState<T> reduced;

    public StreamGroupedReduceOperator(ReduceFunction<T> function, KeySelector<T, K> selector, OperatorContext<T> context) {
        super(context, function);
        this.function = function;
        this.keyed = new KeyedSupport<>(selector, context);
    }

    @Override
    protected KeyedSupport<?, ?> keyedSupport() {
        return keyed;
    }


    @Override
    @SuppressWarnings("unchecked")
    public void open() throws Exception {
        super.open();
        reduced = keyed.store().getState(new ValueStateDescriptor<>("_rolling_reduce", (Class<T>) Object.class));
    }

    @Override
    public void processElement(T value, long timestamp) throws Exception {
        keyed.setKeyOf(value, timestamp);
        T current = reduced.value();
        T next = current == null ? value : function.reduce(current, value);
        reduced.update(next);
        output.collect(next, timestamp);
    }
}
