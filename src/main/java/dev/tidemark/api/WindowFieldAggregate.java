package dev.tidemark.api;

import dev.tidemark.runtime.operators.window.ReduceOnPanes;
import java.io.Serializable;

/**
 * A window's {@code sum}, {@code min} or {@code max} of a field as an aggregate that windows may
 * share panes with: the result is that of the {@link FieldAggregation} reduce over the window's
 * elements in their order of arrival, which is the window's first element with the field replaced.
 * An accumulator keeps that first element and the aggregated field, so an element costs no copy of
 * itself; the copy is made once, for the result. Accumulators merge by keeping the earlier first
 * element, which is exact where {@link FieldAggregation#exactInAnyOrder} holds for every field.
 *
 * @param <T> the element type
 */
final class WindowFieldAggregate<T> implements ReduceOnPanes.Aggregate<T> {

    private static final long serialVersionUID = 1L;

    private final FieldAggregation<T> aggregation;
    private transient long arrival; // of the element added next
    private transient Object lastChecked; // the element mergesExactlyWith read last, and its field
    private transient Object lastField;

    WindowFieldAggregate(FieldAggregation<T> aggregation) {
        if (!aggregation.keepsFirstElement()) {
            throw new IllegalStateException(aggregation.describe() + " keeps whole elements: it cannot run on panes");
        }
        this.aggregation = aggregation;
    }

    /**
     * A window's (or pane's) first element, when it arrived, its field, and the aggregated field of
     * all its elements: where that is still the first element's own (one element, or a minimum that
     * came first), the result is the first element itself, read and copied by nothing.
     */
    static final class FieldAccumulator implements Serializable {
        private static final long serialVersionUID = 1L;
        Object first; // null while empty
        long arrival;
        Object firstField;
        Object field;
    }

    @Override
    public Object createAccumulator() {
        return new FieldAccumulator();
    }

    @Override
    public Object add(T value, Object accumulator) {
        FieldAccumulator acc = accumulatorOf(accumulator);
        Object field = value == lastChecked ? lastField : aggregation.fieldOf(value);
        if (acc.first == null) {
            acc.first = value;
            acc.arrival = arrival;
            acc.firstField = field;
            acc.field = field;
        } else {
            acc.field = aggregation.combine(acc.field, field);
        }
        return acc;
    }

    @Override
    @SuppressWarnings("unchecked")
    public T getResult(Object accumulator) {
        FieldAccumulator acc = accumulatorOf(accumulator);
        return acc.field == acc.firstField ? (T) acc.first : aggregation.withField(acc.first, acc.field);
    }

    /** Merges {@code b} into {@code a}: the field of both, and the first element of the one that came first. */
    @Override
    public Object merge(Object a, Object b) {
        FieldAccumulator into = accumulatorOf(a);
        FieldAccumulator from = accumulatorOf(b);
        if (from.first == null) {
            return into;
        }
        if (into.first == null || from.arrival < into.arrival) {
            Object field = into.first == null ? from.field : aggregation.combine(from.field, into.field);
            into.first = from.first;
            into.arrival = from.arrival;
            into.firstField = from.firstField;
            into.field = field;
        } else {
            into.field = aggregation.combine(into.field, from.field);
        }
        return into;
    }

    @Override
    public boolean mergesExactlyWith(T element) {
        lastField = aggregation.fieldOf(element);
        lastChecked = element;
        return aggregation.exactInAnyOrder(lastField);
    }

    @Override
    public void arrives(long arrival) {
        this.arrival = arrival;
    }

    private static FieldAccumulator accumulatorOf(Object accumulator) {
        return (FieldAccumulator) accumulator;
    }
}
