package dev.tidemark.api;

/**
 * Flink's field aggregations, shared by {@link KeyedStream} (rolling: a result per element, of the
 * key's elements so far), {@link WindowedStream} and {@link AllWindowedStream} (a result per window):
 * {@code sum}, {@code min} and {@code max} keep the first element and replace the one field;
 * {@code minBy} and {@code maxBy} keep the element holding the extreme value. Fields are named
 * ({@code "f0"} of a tuple, a record component, a POJO field, {@code "*"} for the element) or
 * given by position (tuples and records; 0 for a type without fields).
 *
 * @param <T> the element type
 */
interface FieldAggregations<T> {

    /** Applies {@code aggregation} as the stream's reduce. */
    SingleOutputStreamOperator<T> aggregateField(FieldAggregation<T> aggregation);

    /** The sum of tuple or record field {@code position} (see {@link #sum(String)}). */
    default SingleOutputStreamOperator<T> sum(int position) {
        return aggregateField(FieldAggregation.at(FieldAggregation.Kind.SUM, position, true));
    }

    /**
     * The sum of {@code field}: a tuple field ({@code "f1"}), a record component, a POJO field, or
     * {@code "*"} for the element itself. The result is the first element with that field replaced
     * by the sum.
     */
    default SingleOutputStreamOperator<T> sum(String field) {
        return aggregateField(FieldAggregation.named(FieldAggregation.Kind.SUM, field, true));
    }

    /** The first element with field {@code position} replaced by its minimum. */
    default SingleOutputStreamOperator<T> min(int position) {
        return aggregateField(FieldAggregation.at(FieldAggregation.Kind.MIN, position, true));
    }

    /** The first element with {@code field} replaced by its minimum. */
    default SingleOutputStreamOperator<T> min(String field) {
        return aggregateField(FieldAggregation.named(FieldAggregation.Kind.MIN, field, true));
    }

    /** The first element with field {@code position} replaced by its maximum. */
    default SingleOutputStreamOperator<T> max(int position) {
        return aggregateField(FieldAggregation.at(FieldAggregation.Kind.MAX, position, true));
    }

    /** The first element with {@code field} replaced by its maximum. */
    default SingleOutputStreamOperator<T> max(String field) {
        return aggregateField(FieldAggregation.named(FieldAggregation.Kind.MAX, field, true));
    }

    /** The element with the smallest field {@code position} (the first one on ties). */
    default SingleOutputStreamOperator<T> minBy(int position) {
        return minBy(position, true);
    }

    /** The element with the smallest {@code field} (the first one on ties). */
    default SingleOutputStreamOperator<T> minBy(String field) {
        return minBy(field, true);
    }

    /** The element with the smallest field {@code position}; on ties the first one if {@code first}, else the last. */
    default SingleOutputStreamOperator<T> minBy(int position, boolean first) {
        return aggregateField(FieldAggregation.at(FieldAggregation.Kind.MIN_BY, position, first));
    }

    /** The element with the smallest {@code field}; on ties the first one if {@code first}, else the last. */
    default SingleOutputStreamOperator<T> minBy(String field, boolean first) {
        return aggregateField(FieldAggregation.named(FieldAggregation.Kind.MIN_BY, field, first));
    }

    /** The element with the largest field {@code position} (the first one on ties). */
    default SingleOutputStreamOperator<T> maxBy(int position) {
        return maxBy(position, true);
    }

    /** The element with the largest {@code field} (the first one on ties). */
    default SingleOutputStreamOperator<T> maxBy(String field) {
        return maxBy(field, true);
    }

    /** The element with the largest field {@code position}; on ties the first one if {@code first}, else the last. */
    default SingleOutputStreamOperator<T> maxBy(int position, boolean first) {
        return aggregateField(FieldAggregation.at(FieldAggregation.Kind.MAX_BY, position, first));
    }

    /** The element with the largest {@code field}; on ties the first one if {@code first}, else the last. */
    default SingleOutputStreamOperator<T> maxBy(String field, boolean first) {
        return aggregateField(FieldAggregation.named(FieldAggregation.Kind.MAX_BY, field, first));
    }
}
