package dev.tidemark.api.accumulators;

import java.io.Serializable;

/**
 * A value each parallel instance adds to ({@code getRuntimeContext().addAccumulator(name, acc)})
 * and that the job merges over its instances when it finishes: {@code execute()}'s
 * {@code getAccumulatorResult(name)}. Values of a failed attempt are dropped with it, as in Flink.
 *
 * @param <V> what is added
 * @param <R> the result
 */
public interface Accumulator<V, R extends Serializable> extends Serializable, Cloneable {

    void add(V value);

    /** This instance's value. */
    R getLocalValue();

    void resetLocal();

    /** Adds what {@code other} holds to this one. */
    void merge(Accumulator<V, R> other);

    /** A copy, so merging into it leaves this one alone. */
    Accumulator<V, R> clone();
}
