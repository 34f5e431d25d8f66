package dev.tidemark.runtime.operators.window;

import dev.tidemark.api.functions.AggregateFunction;
import dev.tidemark.api.functions.ReduceFunction;

/**
 * Eager aggregation of a window's elements into one accumulator: a {@code ReduceFunction} (the
 * accumulator is the reduced value) or an {@code AggregateFunction}.
 */
interface Accumulator<IN, ACC> {

    /**
     * The accumulator of a window whose first element is {@code value}. Throws no checked exception
     * (a reduce's first accumulator is the element, an aggregate's functions throw none), so an
     * accumulator can be made wherever it is first needed.
     */
    ACC first(IN value);

    /**
     * {@link #first}, made now rather than taken from accumulators made ahead: for one made long
     * after its window opened and mostly dropped at once, which gains nothing from lying beside its
     * window's others ({@link KeyWindowIndex}'s waiting elements).
     */
    default ACC firstNow(IN value) {
        return first(value);
    }

    /** Adds {@code value}; may return {@code acc} itself, changed. */
    ACC add(IN value, ACC acc) throws Exception;

    ACC merge(ACC a, ACC b) throws Exception;

    Object result(ACC acc) throws Exception;

    /**
     * What the window function gets for a window whose accumulator is {@code acc}: its result alone,
     * in {@code one} (refilled per firing).
     */
    default Iterable<?> input(ACC acc, OneResult<Object> one) throws Exception {
        return one.of(result(acc));
    }

    /** The state a snapshot writes these accumulators to, as the general operator keeps them. */
    default ContentsState state() {
        return ContentsState.ACCUMULATORS;
    }

    /** The eager reduce or aggregate of {@code spec}, or its window's elements if it has neither. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static <IN> Accumulator<IN, Object> of(WindowOperatorSpec<?, IN, ?, ?> spec) {
        if (spec.keepsElements()) {
            return (Accumulator) new ElementsAccumulator<>();
        }
        return spec.reduce() != null ? (Accumulator) reducing(spec.reduce()) : (Accumulator) aggregating(spec.aggregate());
    }

    static <T> Accumulator<T, T> reducing(ReduceFunction<T> function) {
        return new Accumulator<>() {
            @Override
            public T first(T value) {
                return value;
            }

            @Override
            public T add(T value, T acc) throws Exception {
                return function.reduce(acc, value);
            }

            @Override
            public T merge(T a, T b) throws Exception {
                return function.reduce(a, b);
            }

            @Override
            public Object result(T acc) {
                return acc;
            }
        };
    }

    static <IN, ACC> Accumulator<IN, ACC> aggregating(AggregateFunction<IN, ACC, ?> function) {
        return new AggregatingAccumulator<>(function);
    }
}
